import type { ReactNode } from 'react';

/** The frame of one console area: its heading, an optional line under it, actions, content. */
export function ConsolePage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {intro ? <p className="mt-1 text-slate-700">{intro}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
