import {
  useId,
  useImperativeHandle,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';

export const OTP_LENGTH = 6;
/** Shown when the code is submitted with fewer than OTP_LENGTH digits. */
export const OTP_INCOMPLETE = 'Enter the 6-digit code.';

export interface OtpInputProps {
  /** The digits entered so far (up to six, no gaps). */
  value: string;
  onChange: (value: string) => void;
  label?: ReactNode;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Id of the group (the label's target). */
  id?: string;
  /** How each box is named, before "1 of 6" (two code inputs on one form need their own). */
  digitLabel?: string;
  /** The first box: where a refused code is entered again. */
  ref?: Ref<HTMLInputElement | null>;
}

function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Six single-digit boxes for a one-time code. Typing moves to the next box, Backspace on an
 * empty box moves back, the arrow keys move between boxes, and pasting (or the browser's
 * one-time-code autofill) fills every box at once.
 */
export function OtpInput({
  value,
  onChange,
  label = 'Verification code',
  error,
  disabled,
  autoFocus,
  id,
  digitLabel = 'Digit',
  ref,
}: OtpInputProps) {
  const autoId = useId();
  const groupId = id ?? autoId;
  const labelId = `${groupId}-label`;
  const errorId = `${groupId}-error`;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  useImperativeHandle<HTMLInputElement | null, HTMLInputElement | null>(
    ref,
    () => inputs.current[0] ?? null,
  );
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value.charAt(index));

  function focusBox(index: number) {
    const box = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  /** Writes `text` starting at box `index` and focuses the box after the last digit written. */
  function fillFrom(index: number, text: string) {
    const incoming = onlyDigits(text);
    if (!incoming) return;
    // A whole code always starts at the first box, wherever it was pasted.
    const start = incoming.length >= OTP_LENGTH ? 0 : index;
    const next = [...digits];
    for (let offset = 0; offset < incoming.length && start + offset < OTP_LENGTH; offset += 1) {
      next[start + offset] = incoming.charAt(offset);
    }
    const joined = next.join('');
    // Keep the value gap-free: stop at the first empty box.
    const firstGap = next.findIndex((digit) => digit === '');
    onChange(firstGap === -1 ? joined : next.slice(0, firstGap).join(''));
    focusBox(Math.min(start + incoming.length, OTP_LENGTH - 1));
  }

  function setDigit(index: number, digit: string) {
    const next = [...digits];
    next[index] = digit;
    if (digit === '') {
      // Removing a digit in the middle shifts the following ones left (no gaps).
      next.splice(index, 1);
      next.push('');
    }
    const firstGap = next.findIndex((d) => d === '');
    onChange(firstGap === -1 ? next.join('') : next.slice(0, firstGap).join(''));
  }

  function handleChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    const typed = onlyDigits(event.target.value);
    if (typed.length === 0) {
      setDigit(index, '');
      return;
    }
    if (typed.length === 1) {
      // A box never sits after an empty one: a digit typed further right lands in the first gap.
      const target = Math.min(index, value.length);
      setDigit(target, typed);
      focusBox(target + 1);
      return;
    }
    // Several digits at once: autofill, or typing over a box whose text was not selected.
    const previous = digits[index] ?? '';
    const fresh =
      typed.length === 2 && previous && typed.startsWith(previous) ? typed.slice(1) : typed;
    if (fresh.length === 1) {
      const target = Math.min(index, value.length);
      setDigit(target, fresh);
      focusBox(target + 1);
    } else {
      fillFrom(Math.min(index, value.length), fresh);
    }
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      if (!digits[index] && index > 0) {
        event.preventDefault();
        setDigit(index - 1, '');
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, value.length));
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(Math.min(value.length, OTP_LENGTH - 1));
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    event.preventDefault();
    fillFrom(Math.min(index, value.length), text);
  }

  return (
    <div>
      <div id={labelId} className="block text-sm font-medium text-slate-800">
        {label}
      </div>
      <div
        id={groupId}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="mt-2 flex justify-between gap-2 sm:gap-3"
      >
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            aria-label={`${digitLabel} ${index + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={digit}
            disabled={disabled}
            // The first empty box takes the focus when the view opens.
            autoFocus={autoFocus && index === Math.min(value.length, OTP_LENGTH - 1)}
            onFocus={(event) => event.target.select()}
            onChange={(event) => handleChange(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            className={`h-12 w-full min-w-0 max-w-14 rounded-lg border bg-white text-center font-mono text-xl font-semibold text-slate-900 shadow-xs transition-colors disabled:bg-slate-100 sm:h-14 sm:text-2xl ${
              error
                ? 'border-red-500 focus:border-red-600'
                : `${digit ? 'border-slate-400' : 'border-slate-300'} focus:border-blue-600`
            }`}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
