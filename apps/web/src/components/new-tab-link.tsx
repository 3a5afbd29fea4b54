import type { ReactNode } from 'react';

/**
 * A link beside a form that opens in a new tab, so the form keeps what was typed (the privacy
 * policy, the terms), and tells a screen reader so before it is followed (QA 32). It ends a line:
 * the space before the hidden words would show before a full stop.
 */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-800"
    >
      {children} <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
