/**
 * Rows grouped by a key (an order id, an enquiry id), each group in the rows' order: the rows
 * of one query handed out per parent, where a filter per parent would scan them all each time.
 */
export function groupRows<T>(rows: readonly T[], keyOf: (row: T) => string): (key: string) => T[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return (key) => groups.get(key) ?? [];
}
