import { loadDemoInventory } from '../catalog/load-numbers';
import { ensureDemoSupportAccount } from '../auth/staff-accounts';
import type { Config } from '../config/config';
import type { Database } from '../db/database';

/** Loads the demo inventory and accounts into an empty store (first start only). */
export async function loadDemoDataIfEmpty(
  database: Database,
  config: Config,
  log: (line: string) => void,
): Promise<void> {
  await ensureDemoSupportAccount(database, config, log);
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from numbers');
  if ((row?.n ?? 0) > 0 || config.DEMO_DATA_COUNT === 0) return;
  await loadDemoNumbers(database, config.DEMO_DATA_COUNT, log);
}

async function loadDemoNumbers(database: Database, count: number, log: (line: string) => void) {
  log(`Empty store: loading ${count} demo numbers`);
  const started = Date.now();
  const { inserted } = await loadDemoInventory(database, { count, log });
  log(
    `Demo inventory ready: ${inserted} numbers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
