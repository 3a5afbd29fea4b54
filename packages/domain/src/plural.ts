/** The word for a count: `plural(1, 'number', 'numbers')` is "number", any other count "numbers". */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
