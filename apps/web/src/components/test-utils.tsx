import type { ReactNode } from 'react';
import { createRoutesStub, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { ToastProvider } from './toast';

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Test helper: renders `element` in a memory router starting at `path`, inside a ToastProvider.
 * Every path renders the same element, and data-testid="location" shows the current location.
 */
export function renderAt(path: string, element: ReactNode) {
  const Stub = createRoutesStub([
    {
      path: '*',
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
