import type { ReactNode } from 'react';

/** One term and its value in a console page's details (inside a two-column `<dl>`). */
export function ConsoleDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}
