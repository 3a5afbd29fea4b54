import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './form-fields';

/** A form whose sending takes as long as `onSent`. */
function SlowForm({ onSent }: { onSent: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    await onSent();
    setPending(false);
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

  it('keeps the focus while its form is sent, and sends it once (QA 32 F1)', async () => {
    let finish = () => {};
    const onSent = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<SlowForm onSent={onSent} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    expect(saving).not.toBeDisabled();
    expect(saving).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSent).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus());
  });

  it('leaves the focus in a field its form was sent from with Enter', async () => {
    const user = userEvent.setup();
    render(<SlowForm onSent={() => Promise.resolve()} />);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'x{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
  });
});
