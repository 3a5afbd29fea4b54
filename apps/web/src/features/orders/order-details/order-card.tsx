import { useId, type ReactNode } from 'react';

/** The boxes and rows the order page is made of. */

export function Card({
  title,
  tone = 'plain',
  children,
}: {
  title: string;
  tone?: 'plain' | 'attention';
  children: ReactNode;
}) {
  const headingId = useId();
  const box =
    tone === 'attention' ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white shadow-sm';
  return (
    <section aria-labelledby={headingId} className={`rounded-2xl border p-5 sm:p-7 ${box}`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Row({
  term,
  children,
  strong,
}: {
  term: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'border-t border-slate-200 pt-3 text-base font-semibold text-slate-900' : 'text-sm text-slate-700'}`}
    >
      <dt>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}
