import type { ReactNode } from 'react';

/** Centered, padded content column. */
export function Container({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>
  );
}

/** Page heading block: the page's single <h1> and an optional introduction. */
export function PageHeader({
  title,
  intro,
  eyebrow,
}: {
  title: ReactNode;
  intro?: ReactNode;
  eyebrow?: ReactNode;
}) {
  return (
    <div className="py-10 sm:py-14">
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {intro ? <div className="mt-4 max-w-3xl text-lg text-slate-700">{intro}</div> : null}
    </div>
  );
}

/** A simple page: heading, introduction and optional content. */
export function SimplePage({
  title,
  intro,
  eyebrow,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container className="pb-16">
      <PageHeader title={title} intro={intro} eyebrow={eyebrow} />
      {children}
    </Container>
  );
}
