/**
 * Every row of every table of the store, as text, in a fixed order: two databases with equal
 * contents hold the same data.
 */
export async function tableContents(
  query: <T>(text: string) => Promise<T[]>,
): Promise<Record<string, string[]>> {
  const tables = await query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await query<{ row: string }>(`select t::text as row from "${name}" t order by 1`);
    all[name] = rows.map((r) => r.row);
  }
  return all;
}
