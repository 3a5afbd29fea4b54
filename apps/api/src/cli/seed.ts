import { parseArgs } from 'node:util';
import { loadDemoInventory } from '../catalog/load-numbers';
import { ConfigError, loadConfig } from '../config/config';
import { EmbeddedPostgresError } from '../db/postgres-binaries';
import type { Database } from '../db/database';
import { openStoreDatabase } from '../db/open-store-database';

const usage = `Loads the deterministic demo inventory into the configured database.

  npm run seed -- --count 1000000      the first 1,000,000 demo numbers (those present are kept)
  npm run seed -- --count 20000 --reset  remove numbers no cart or order refers to, then load

Options:
  --count N   how many demo numbers the store should hold (default: DEMO_DATA_COUNT, 20000)
  --reset     remove the numbers first (numbers in a cart or an order are kept)
  --help      this text

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (the running store's
server, or one started for the command).`;

class UsageError extends Error {}

function parseCommandLine(argv: string[], fallbackCount: number) {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const count =
    values.count === undefined ? fallbackCount : Number(values.count.replaceAll('_', ''));
  if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
    throw new UsageError(`--count must be a whole number from 0 to 5000000, not "${values.count}"`);
  }
  return { count, reset: values.reset, help: values.help };
}

async function removeNumbers(database: Database): Promise<number> {
  const [refs] = await database.query<{ n: number }>(
    'select (select count(*) from cart_items)::int + (select count(*) from order_items)::int as n',
  );
  const [before] = await database.query<{ n: number }>('select count(*)::int as n from numbers');
  if ((refs?.n ?? 0) === 0) {
    await database.query('truncate cart_items, order_items, numbers restart identity');
    return before?.n ?? 0;
  }
  await database.query(`
    delete from numbers n
    where not exists (select 1 from cart_items c where c.number_id = n.id)
      and not exists (select 1 from order_items o where o.number_id = n.id)`);
  const [after] = await database.query<{ n: number }>('select count(*)::int as n from numbers');
  return (before?.n ?? 0) - (after?.n ?? 0);
}

async function main() {
  const config = loadConfig();
  const args = parseCommandLine(process.argv.slice(2), config.DEMO_DATA_COUNT);
  if (args.help) {
    console.log(usage);
    return;
  }
  const store = await openStoreDatabase(config, { shareRunningStore: true });
  try {
    const { database } = store;
    if (args.reset) console.log(`removed ${await removeNumbers(database)} numbers`);
    const started = Date.now();
    const { processed, inserted } = await loadDemoInventory(database, {
      count: args.count,
      log: (line) => console.log(line),
    });
    const [held] = await database.query<{ n: number }>('select count(*)::int as n from numbers');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `seeded ${inserted} new numbers (${processed - inserted} were there already) in ${seconds} s; the store holds ${held?.n ?? 0} numbers`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof EmbeddedPostgresError ||
    error instanceof ConfigError ||
    error instanceof UsageError
  ) {
    console.error(error.message);
  } else if (
    error instanceof TypeError &&
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`${error.message}\n\n${usage}`);
  } else {
    console.error('Seeding failed:', error);
  }
  process.exit(1);
});
