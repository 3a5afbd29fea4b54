import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoutesStub, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { ToastProvider } from '../src/components/toast';

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Test helper: renders `element` in a memory router starting at `path`, inside a ToastProvider.
 * Every path matching `pattern` (by default any) renders the same element, with its params, and
 * data-testid="location" shows the current location.
 */
export function renderAt(path: string, element: ReactNode, pattern = '*') {
  const Stub = createRoutesStub([
    {
      path: pattern,
      Component: () => (
        <ToastProvider>
          {element}
          <LocationDisplay />
        </ToastProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/** renderAt (memory router + toasts) inside a fresh QueryClientProvider. */
export function renderWithQuery(
  path: string,
  element: ReactNode,
  queryClient: QueryClient = createTestQueryClient(),
  pattern = '*',
) {
  const result = renderAt(
    path,
    <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>,
    pattern,
  );
  return { ...result, queryClient };
}
