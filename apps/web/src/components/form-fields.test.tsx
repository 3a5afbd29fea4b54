import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SubmitButton } from './form-fields';

/** A form whose sending takes a moment; the browser drops the focus of a disabled button. */
function SlowForm({ onSent }: { onSent?: () => void }) {
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    // What Chromium does to a focused button once it is disabled.
    (document.activeElement as HTMLElement | null)?.blur();
    await new Promise((resolve) => setTimeout(resolve, 10));
    setPending(false);
    onSent?.();
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <input aria-label="Note" />
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

describe('SubmitButton', () => {
  afterEach(cleanup);

  it('gets the focus back once its form is sent, when it was pressed', async () => {
    render(<SlowForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus());
  });

  it('leaves the focus where the form put it, and in a field sent with Enter', async () => {
    render(<SlowForm onSent={() => screen.getByRole('textbox', { name: 'Note' }).focus()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus());

    cleanup();
    render(<SlowForm />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'x{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveFocus();
  });
});
