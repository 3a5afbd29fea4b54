import { hasUnseenCharacters } from '@store/domain';

/**
 * Text that goes on one line of an invoice, an e-mail's greeting, a console table or a buyer's
 * order page: no line breaks, tabs or other control characters, and no bidirectional overrides
 * or isolates (U+202A-U+202E, U+2066-U+2069), which would make it read on screen otherwise than
 * it is stored. NUL aside: every field refuses it with its own message (plugins/reject-unstorable-text.ts).
 * A zod refinement: `.refine(...oneLine('Name'))`.
 */
export const oneLine = (what: string) =>
  [
    (value: string) => !hasUnseenCharacters(value.replaceAll('\0', '')),
    `${what} must be on one line, without control characters.`,
  ] as const;
