import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A confirmation opened in place of the button that asked for it (useInlinePanel's panel): the
 * question, the button that does it (focused as it opens) and Cancel.
 */
export function InlineConfirm({
  label,
  question,
  action,
  onConfirm,
  onCancel,
  onKeyDown,
}: {
  /** The group's accessible name: the question in short. */
  label: string;
  question: ReactNode;
  /** The confirming button's text. */
  action: string;
  onConfirm: () => void;
  onCancel: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  return (
    <div role="group" aria-label={label} onKeyDown={onKeyDown} className="space-y-2">
      <p>{question}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary px-3 py-1" autoFocus onClick={onConfirm}>
          {action}
        </button>
        <button type="button" className="btn-secondary px-3 py-1" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
