import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyButton } from './busy-button';

/** A button whose action takes as long as `onPress`, then leaves it disabled if `thenOff`. */
function Slow({
  onPress,
  thenOff = false,
  keep = false,
}: {
  onPress: () => Promise<void>;
  thenOff?: boolean;
  keep?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <>
      <BusyButton
        busy={busy}
        disabled={thenOff && done}
        keepFocusWhenDisabled={keep}
        onClick={() => {
          setBusy(true);
          void onPress().finally(() => {
            setBusy(false);
            setDone(true);
          });
        }}
      >
        Save
      </BusyButton>
      <a href="#next">Next</a>
    </>
  );
}

describe('BusyButton', () => {
  afterEach(cleanup);

  it('keeps the focus while busy, says so with aria-disabled and ignores presses', async () => {
    let finish = () => {};
    const onPress = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<Slow onPress={onPress} />);
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(onPress).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveFocus();
  });

  it('made disabled while it holds the focus, keeps it until the focus leaves, when asked', async () => {
    const user = userEvent.setup();
    render(<Slow onPress={() => Promise.resolve()} thenOff keep />);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);

    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Next' })).toHaveFocus();
    expect(button).toBeDisabled();
  });

  it('otherwise is disabled once done, as any button', async () => {
    const user = userEvent.setup();
    render(<Slow onPress={() => Promise.resolve()} thenOff />);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
  });
});
