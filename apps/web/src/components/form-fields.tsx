import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { BusyButton, type BusyButtonProps } from './busy-button';

/**
 * Form fields (the authentication modal, the profile page): a visible label, an optional hint,
 * and an inline error tied to the control with aria-describedby and aria-invalid.
 */

const controlClass =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 sm:text-sm';

function borderClass(invalid: boolean) {
  return invalid
    ? 'border-red-500 focus:border-red-600'
    : 'border-slate-300 hover:border-slate-400 focus:border-blue-600';
}

function describedBy(...ids: (string | false | undefined | null)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** The ids of a field's control (the given one, or a new one) and of its hint and error. */
function useFieldIds(id: string | undefined) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="mt-0.5 size-4 shrink-0"
      >
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{message}</span>
    </p>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'children'>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Content placed inside the right edge of the input (e.g. a show-password button). */
  trailing?: ReactNode;
  labelClassName?: string;
}

export function TextField({
  label,
  error,
  hint,
  trailing,
  id,
  className = '',
  labelClassName = '',
  'aria-describedby': extraDescribedBy,
  ...input
}: TextFieldProps) {
  const { controlId: inputId, hintId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <label
        htmlFor={inputId}
        className={`block text-sm font-medium text-slate-800 ${labelClassName}`}
      >
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            extraDescribedBy,
            hint ? hintId : null,
            error ? errorId : null,
          )}
          {...input}
          className={`${controlClass} ${borderClass(Boolean(error))} ${trailing ? 'pr-11' : ''}`}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A multi-line text field, with the same label, hint and error as TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className = '',
  rows = 5,
  'aria-describedby': extraDescribedBy,
  ...textarea
}: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(
          extraDescribedBy,
          hint ? hintId : null,
          error ? errorId : null,
        )}
        {...textarea}
        className={`mt-1.5 ${controlClass} ${borderClass(Boolean(error))}`}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A GSTIN input, shown upper-case (the value is trimmed and upper-cased when sent). A GSTIN has
 * 15 characters; the box takes a few more, so that one pasted with spaces around it is not cut.
 */
export function GstinField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="GSTIN"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      className="[&_input]:uppercase"
      {...props}
    />
  );
}

/** A password input with a show / hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          {visible ? (
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path
                fillRule="evenodd"
                d="M3.28 2.22a.75.75 0 0 0-1.06 1.06l14.5 14.5a.75.75 0 1 0 1.06-1.06l-1.745-1.745a10.03 10.03 0 0 0 3.3-4.38 1.65 1.65 0 0 0 0-1.185A10.004 10.004 0 0 0 9.999 3a9.956 9.956 0 0 0-4.744 1.194L3.28 2.22ZM7.752 6.69l1.092 1.092a2.5 2.5 0 0 1 3.374 3.373l1.091 1.092a4 4 0 0 0-5.557-5.557Z"
                clipRule="evenodd"
              />
              <path d="m10.748 13.93 2.523 2.523a9.987 9.987 0 0 1-3.27.547c-4.258 0-7.894-2.66-9.337-6.41a1.651 1.651 0 0 1 0-1.186A10.007 10.007 0 0 1 2.839 6.02L6.07 9.252a4 4 0 0 0 4.678 4.678Z" />
            </svg>
          ) : (
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path d="M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />
              <path
                fillRule="evenodd"
                d="M.664 10.59a1.651 1.651 0 0 1 0-1.186A10.004 10.004 0 0 1 10 3c4.257 0 7.893 2.66 9.336 6.41.147.381.146.804 0 1.186A10.004 10.004 0 0 1 10 17c-4.257 0-7.893-2.66-9.336-6.41ZM14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z"
                clipRule="evenodd"
              />
            </svg>
          )}
        </button>
      }
    />
  );
}

/** A 10-digit Indian mobile number. */
export function MobileField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Mobile number"
      // A text box: `tel-national` (the 10 digits, no +91) is not allowed on type="tel".
      type="text"
      autoComplete="tel-national"
      inputMode="tel"
      placeholder="98765 43210"
      {...props}
    />
  );
}

/** An e-mail address or a mobile number, to sign in with or to send a code to. */
export function ContactField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField
      label="E-mail address or mobile number"
      autoComplete="username"
      inputMode="email"
      placeholder="you@example.com or 98765 43210"
      {...props}
    />
  );
}

/** A password being chosen, with the rules it must meet as its hint. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'trailing' | 'hint'>) {
  return (
    <PasswordField
      autoComplete="new-password"
      hint="At least 8 characters. Avoid your e-mail address or mobile number."
      {...props}
    />
  );
}

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: ReactNode;
  error?: string;
}

export function SelectField({
  label,
  error,
  id,
  className = '',
  children,
  'aria-describedby': extraDescribedBy,
  ...select
}: SelectFieldProps) {
  const { controlId: selectId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(extraDescribedBy, error ? errorId : null)}
        {...select}
        className={`mt-1.5 ${controlClass} ${borderClass(Boolean(error))}`}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputProps, 'type'> {
  label: ReactNode;
  error?: string;
}

export function CheckboxField({
  label,
  error,
  id,
  className = '',
  'aria-describedby': extraDescribedBy,
  ...input
}: CheckboxFieldProps) {
  const { controlId: inputId, errorId } = useFieldIds(id);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(extraDescribedBy, error ? errorId : null)}
          {...input}
          className={`mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-blue-700 ${error ? 'outline outline-red-500' : ''}`}
        />
        <label htmlFor={inputId} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Why a form's action failed, said at once to screen readers; nothing without a message. */
export function FormAlert({ message, className = '' }: { message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`text-sm font-semibold text-red-700 ${className}`}>
      {message}
    </p>
  );
}

/** A submit button that shows a spinner while `pending`, and keeps its focus (BusyButton). */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  className = '',
  ...button
}: BusyButtonProps & { pending?: boolean; pendingLabel?: string }) {
  return (
    <BusyButton
      type="submit"
      {...button}
      busy={pending}
      className={`btn-primary w-full py-2.5 text-base aria-disabled:cursor-not-allowed aria-disabled:opacity-70 sm:text-sm ${className}`}
    >
      {pending ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      ) : null}
      {pending && pendingLabel ? pendingLabel : children}
    </BusyButton>
  );
}
