import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** An import that fails until `online` is set, as a phone offline or a chunk gone after a deploy. */
function flakyImport() {
  const state = { online: false, calls: 0 };
  const load = vi.fn(() => {
    state.calls += 1;
    return state.online
      ? Promise.resolve(Greeting)
      : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  });
  return { state, load };
}

class PageError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children;
  }
}

afterEach(cleanup);

describe('lazyPart', () => {
  it('keeps the page when the import fails, says so, and Retry imports it again', async () => {
    const { state, load } = flakyImport();
    const Part = lazyPart(load, (component) => component);
    render(
      <PageError>
        <h1>The cart</h1>
        <Part name="Asha" failedText="The billing form could not be loaded." />
      </PageError>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The billing form could not be loaded. Retry',
    );
    expect(screen.getByRole('heading', { name: 'The cart' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();

    state.online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(state.calls).toBe(2);
  });

  it('tells onLoadFailed and imports again at its next mount', async () => {
    const { state, load } = flakyImport();
    const Part = lazyPart(load, (component) => component);
    const failed = vi.fn();
    function Dialog() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Buy now
          </button>
          {open ? (
            <Part
              name="Ravi"
              onLoadFailed={() => {
                failed();
                setOpen(false);
              }}
            />
          ) : null}
        </>
      );
    }
    render(
      <PageError>
        <Dialog />
      </PageError>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(failed).toHaveBeenCalledOnce());
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();

    state.online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('Hello Ravi')).toBeInTheDocument();
    expect(state.calls).toBe(2);
  });

  it('offers a reload once an import made afresh failed too (the browser keeps what failed)', async () => {
    const { load } = flakyImport();
    const Part = lazyPart(load, (component) => component);
    const told = vi.fn();
    render(<Part name="Asha" failedText="More filters could not be loaded." onLoadFailed={told} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(told.mock.calls).toEqual([[false], [true]]);
  });

  it('leaves an error of the loaded part to the boundaries above', async () => {
    function Broken(): ReactNode {
      throw new Error('a bug');
    }
    const Part = lazyPart(
      () => Promise.resolve(Broken),
      (component) => component,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PageError>
        <Part failedText="Could not be loaded." />
      </PageError>,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText('Could not be loaded.')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
