/** The word for a count: `plural(1, 'number', 'numbers')` is "number", any other count "numbers". */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** Items as a sentence lists them: "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  return items.length > 1
    ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
    : (items[0] ?? '');
}
