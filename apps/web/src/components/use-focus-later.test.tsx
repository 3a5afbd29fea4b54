import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusLater } from './use-focus-later';

function AddButton() {
  const [added, setAdded] = useState(false);
  const { target, focusLater } = useFocusLater<HTMLAnchorElement>();
  if (added) {
    return (
      <a ref={target} href="/cart">
        In cart
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={async () => {
        await Promise.resolve();
        focusLater();
        setAdded(true);
      }}
    >
      Add
    </button>
  );
}

describe('useFocusLater', () => {
  afterEach(cleanup);

  it('focuses the element that replaced the control used, once it is rendered', async () => {
    render(<AddButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'In cart' })).toHaveFocus());
  });

  it('leaves the focus alone when nobody asked', async () => {
    function Quiet() {
      const { target } = useFocusLater<HTMLParagraphElement>();
      return (
        <>
          <input aria-label="Field" autoFocus />
          <p ref={target} tabIndex={-1}>
            Note
          </p>
        </>
      );
    }
    render(<Quiet />);
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
  });
});
