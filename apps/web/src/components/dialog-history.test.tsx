import '@testing-library/jest-dom/vitest';
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, Link, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './modal-dialog';

afterEach(cleanup);

/** The page the router shows: its address, and a Buy now dialog with a field and a link. */
function NumberPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      <p>
        Page {pathname}
        {search}
      </p>
      <button type="button" onClick={() => setOpen(true)}>
        Buy now
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Buy 98765 43210">
        <label>
          Address <input />
        </label>
        <Link to="/orders/1" onClick={() => setOpen(false)}>
          Your order
        </Link>
        {/* A redirect replacing the page, as closing an account's sends it home. */}
        <button type="button" onClick={() => void navigate('/?closed', { replace: true })}>
          Redirect
        </button>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            void navigate('/?closed', { replace: true });
          }}
        >
          Close and redirect
        </button>
      </ModalDialog>
    </main>
  );
}

/** The listing, then the number's page: the router's history in the window's. */
async function onNumberPage() {
  const router = createBrowserRouter([{ path: '*', element: <NumberPage /> }]);
  render(<RouterProvider router={router} />);
  await router.navigate('/numbers/9876543210');
  await screen.findByText('Page /numbers/9876543210');
  return router;
}

/** The popstate events of the window, counted by a listener added before the module's. */
const popCount = vi.hoisted(() => {
  const count = { pops: 0 };
  window.addEventListener('popstate', () => (count.pops += 1));
  return count;
});

/** Resolves once the window has had `count` more popstate events. */
async function popped(count = 1) {
  const until = popCount.pops + count;
  await waitFor(() => expect(popCount.pops).toBe(until));
}

async function back() {
  const done = popped();
  window.history.back();
  await done;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/premium-numbers');
});

describe('a dialog and the browser’s Back', () => {
  it('closes the dialog and keeps the page; the next Back leaves the page', async () => {
    const user = userEvent.setup();
    const router = await onNumberPage();
    const length = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '22 Marine Drive');
    expect(window.history.length).toBe(length + 1);

    await back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/numbers/9876543210');
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy now' })).toHaveFocus());

    await back();
    await screen.findByText('Page /premium-numbers');
    expect(router.state.location.pathname).toBe('/premium-numbers');
  });

  it('takes its entry back when closed by its button, so Back then leaves the page', async () => {
    const user = userEvent.setup();
    const router = await onNumberPage();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    // It goes back itself, and the router is not told.
    const tookBack = popped();
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await tookBack;
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.pathname).toBe('/numbers/9876543210');

    await back();
    await screen.findByText('Page /premium-numbers');
  });

  it('leaves no entry behind when a link in it goes to another page', async () => {
    const user = userEvent.setup();
    const router = await onNumberPage();
    const length = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await user.click(screen.getByRole('link', { name: 'Your order' }));
    await screen.findByText('Page /orders/1');
    await waitFor(() => expect(window.location.pathname).toBe('/orders/1'));
    expect(window.history.length).toBe(length + 1);

    await back();
    await screen.findByText('Page /numbers/9876543210');
    expect(router.state.location.pathname).toBe('/numbers/9876543210');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['Redirect', 'Close and redirect'])(
    'keeps the address and the router agreeing on a redirect that replaces the page (%s)',
    async (button) => {
      const user = userEvent.setup();
      const router = await onNumberPage();
      await user.click(screen.getByRole('button', { name: 'Buy now' }));
      await user.click(screen.getByRole('button', { name: button }));
      await screen.findByText('Page /?closed');
      await waitFor(() =>
        expect(`${window.location.pathname}${window.location.search}`).toBe('/?closed'),
      );
      expect(router.state.location.search).toBe('?closed');

      // The redirect took the page's place: Back goes to the page before it.
      await back();
      await screen.findByText('Page /premium-numbers');
    },
  );
});
