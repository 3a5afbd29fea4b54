import { useState, type ComponentProps } from 'react';

export type BusyButtonProps = ComponentProps<'button'> & {
  busy?: boolean;
  /** Made disabled while it holds the focus (a form saved and clean again), it keeps it too. */
  keepFocusWhenDisabled?: boolean;
};

/**
 * A button that keeps the focus while it cannot be used (QA 32 F1): busy with its request (or,
 * with `keepFocusWhenDisabled`, disabled while it holds the focus), it says so with
 * `aria-disabled` and ignores presses, where a disabled button would drop the focus to the
 * page's body and leave a screen reader lost. Otherwise disabled, it is disabled as any button.
 * Style it with `aria-disabled:`.
 */
export function BusyButton({
  busy = false,
  disabled = false,
  keepFocusWhenDisabled = false,
  onClick,
  onFocus,
  onBlur,
  ...button
}: BusyButtonProps) {
  const [focused, setFocused] = useState(false);
  const unavailable = busy || disabled;
  const focusable = focused && (busy || keepFocusWhenDisabled);
  return (
    <button
      type="button"
      {...button}
      disabled={unavailable && !focusable}
      aria-disabled={unavailable || undefined}
      aria-busy={busy || undefined}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      onClick={(event) => {
        // A press while unavailable (a submit button's too) does nothing.
        if (unavailable) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
