import type { Config } from '../config/config';
import type { Database } from '../db/database';

/** Loads the demo inventory and accounts into an empty store (first start only). */
export async function loadDemoDataIfEmpty(
  database: Database,
  config: Config,
  log: (line: string) => void,
): Promise<void> {
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from numbers');
  if ((row?.n ?? 0) > 0 || config.DEMO_DATA_COUNT === 0) return;
  log('Empty store: demo data will be loaded by the catalogue issue.');
}
