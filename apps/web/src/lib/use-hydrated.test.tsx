import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydratedProvider, useHydrated, useHydrationSwitch } from './use-hydrated';

function Where() {
  return <p>{useHydrated() ? 'in the browser' : 'prerendered'}</p>;
}

function Root() {
  return (
    <HydratedProvider value={useHydrationSwitch()}>
      <Where />
    </HydratedProvider>
  );
}

describe('useHydrated', () => {
  it('is false while a prerendered page hydrates, without a mismatch, and true after', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Root />);
    expect(container.textContent).toBe('prerendered');
    const mismatch = vi.fn();

    await act(async () => {
      hydrateRoot(container, <Root />, { onRecoverableError: mismatch });
    });

    expect(container.textContent).toBe('in the browser');
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('is true where no root provides it (a render that hydrates nothing)', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Where />);
    expect(container.textContent).toBe('in the browser');
  });
});
