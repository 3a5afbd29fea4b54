import '@testing-library/jest-dom/vitest';
import { useEffect, useState, type ReactNode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';
import { RouteAnnouncer } from './route-focus';

afterEach(cleanup);

/** A page and its document title (set by the route's meta in the app). */
function Page({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return children;
}

function Shell() {
  return (
    <>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer />
    </>
  );
}

function renderShell() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Shell,
      children: [
        {
          path: 'premium-numbers',
          Component: () => (
            <Page title="Premium Numbers | Store">
              <Link to="/premium-numbers?page=2">Page 2</Link>
              <Link to="/cart">Cart</Link>
            </Page>
          ),
        },
        {
          path: 'cart',
          Component: () => (
            <Page title="Cart | Store">
              <Link to="/contact-us">Contact Us</Link>
            </Page>
          ),
        },
        {
          path: 'contact-us',
          Component: () => (
            <Page title="Contact Us | Store">
              <input aria-label="Name" autoFocus />
            </Page>
          ),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/premium-numbers']} />);
}

describe('after a client-side navigation', () => {
  it("says the new page's title and gives the main content a focus that went with the old page", async () => {
    const user = userEvent.setup();
    renderShell();
    const announcer = screen.getByRole('status');
    const main = screen.getByRole('main');
    // The first page is not a navigation: nothing said, the focus left alone.
    expect(announcer).toBeEmptyDOMElement();
    expect(main).not.toHaveFocus();

    // Another page of the same listing is not another page: the listing handles its focus.
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(announcer).toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Cart' }));
    await waitFor(() => expect(announcer).toHaveTextContent('Cart | Store'));
    await waitFor(() => expect(main).toHaveFocus());
  });

  it('leaves a focus the new page placed itself', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('link', { name: 'Cart' }));
    await user.click(await screen.findByRole('link', { name: 'Contact Us' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Contact Us | Store'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });
});

function SignInArea() {
  const [open, setOpen] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      {signedIn ? (
        <p>Welcome</p>
      ) : (
        <button type="button" onClick={() => setOpen(true)}>
          Sign in
        </button>
      )}
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Sign in">
        <button
          type="button"
          onClick={() => {
            setSignedIn(true);
            setOpen(false);
          }}
        >
          Verify
        </button>
      </ModalDialog>
    </main>
  );
}

describe('a dialog whose opener has gone', () => {
  it('gives the focus to the main content as it closes', async () => {
    const user = userEvent.setup();
    render(<SignInArea />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('gives the focus to the main content when the opener is there but refuses it', async () => {
    function BusyOpener() {
      const [open, setOpen] = useState(false);
      const [busy, setBusy] = useState(false);
      return (
        <main id="main" tabIndex={-1}>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              setOpen(true);
            }}
          >
            Checkout
          </button>
          <ModalDialog open={open} onClose={() => setOpen(false)} title="Sign in">
            <p>Sign in to check out</p>
          </ModalDialog>
        </main>
      );
    }
    const user = userEvent.setup();
    render(<BusyOpener />);
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
