import type { RefObject } from 'react';

/**
 * A number's own action that opens a panel in place under it ("Take back …", "Refund this
 * number…"), named with the number for screen readers, since every number of the order has one.
 */
export function NumberActionButton({
  openerRef,
  onClick,
  label,
  display,
}: {
  openerRef: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
  label: string;
  display: string;
}) {
  return (
    <button
      ref={openerRef}
      type="button"
      className="min-h-6 text-sm text-slate-700 underline"
      onClick={onClick}
    >
      {label} <span className="sr-only">({display})</span>
    </button>
  );
}
