import { openCommandServices } from '../../apps/api/src/cli/command-services';
import { loadConfig } from '../../apps/api/src/config/config';

export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

/**
 * Loads the demo inventory into the PostgreSQL database at `databaseUrl` up to `count` numbers
 * (once; later runs reuse them) and makes it look like a live store: 2% sold, 0.25% held for
 * checkout, 0.25% with a lapsed hold. Answers the numbers by status, e.g. "available 955000, ...".
 */
export async function prepareCatalogDatabase(databaseUrl: string, count: number) {
  const { services, database, close } = await openCommandServices(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
  );
  try {
    const held = await services.catalog.count();
    if (held < count) {
      console.log(`Loading ${count} numbers into ${redact(databaseUrl)} (${held} there)...`);
      const started = Date.now();
      await services.catalog.loadDemoInventory({
        count,
        log: (line) => console.log(`  ${line}`),
      });
      console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const [sold] = await database.query<{ n: number }>(
      "select count(*)::int as n from numbers where status = 'sold'",
    );
    if ((sold?.n ?? 0) === 0) {
      await database.query(
        `update numbers set status = 'sold' where status = 'available' and id % 50 = 7`,
      );
      await database.query(`update numbers set status = 'reserved', reserved_until = now() + interval '10 years'
                            where status = 'available' and id % 400 = 11`);
      await database.query(`update numbers set status = 'reserved', reserved_until = now() - interval '1 day'
                            where status = 'available' and id % 400 = 13`);
      console.log(
        'Marked 2% of the numbers sold, 0.25% held and 0.25% with a lapsed hold; vacuuming...',
      );
      await database.query('vacuum analyze numbers, number_runs');
    }
    const mix = await database.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from numbers group by status order by status',
    );
    return mix.map((m) => `${m.status} ${m.n}`).join(', ');
  } finally {
    await close();
  }
}
