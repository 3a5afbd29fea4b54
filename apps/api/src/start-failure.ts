/**
 * The first line a failed start-up prints: the innermost cause's own words (the database's
 * "permission denied for schema public" under drizzle's "Failed query: CREATE TABLE …" and its
 * whole SQL), so an owner reads the reason first and the details after.
 */
export function startFailureHeadline(error: unknown): string {
  let innermost = error;
  for (let depth = 0; depth < 10; depth++) {
    const cause = (innermost as { cause?: unknown } | null)?.cause;
    if (!(cause instanceof Error)) break;
    innermost = cause;
  }
  const reason = innermost instanceof Error ? innermost.message : String(innermost);
  return innermost === error
    ? `The server could not start: ${reason}`
    : `The server could not start: ${reason}\n(the details follow)`;
}
