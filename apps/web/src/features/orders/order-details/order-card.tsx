import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

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

/** Where to go once an order's numbers were released (`first`: a button before them). */
export function ReleasedLinks({ first }: { first?: ReactNode }) {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      {first}
      <Link to="/cart" className={first ? 'btn-secondary' : 'btn-primary'}>
        Back to your cart
      </Link>
      <Link to="/premium-numbers" className="btn-secondary">
        Browse premium numbers
      </Link>
    </div>
  );
}
