import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config';
import { storeDescription } from '../db/open-store-database';
import { EmbeddedPostgresError } from '../db/postgres-binaries';
import { openCommandServices } from './command-services';

const usage = `Loads the deterministic demo inventory into the configured database.

  npm run seed -- --count 1000000      the first 1,000,000 demo numbers (those present are kept)
  npm run seed -- --count 20000 --reset  remove numbers no cart or order refers to, then load

Options:
  --count N   how many demo numbers the store should hold (default: DEMO_DATA_COUNT: 20000, or 0 under NODE_ENV=production)
  --reset     remove the numbers first (numbers in a cart or an order are kept)
  --demo-numbers-on-sale   under NODE_ENV=production: load them all the same (a trial store)
  --help      this text

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (the running store's
server, or one started for the command; outside production a new one is created when the
folder holds none, under NODE_ENV=production it is refused).`;

class UsageError extends Error {}

function parseCommandLine(argv: string[], fallbackCount: number) {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'demo-numbers-on-sale': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const count =
    values.count === undefined ? fallbackCount : Number(values.count.replaceAll('_', ''));
  if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
    throw new UsageError(`--count must be a whole number from 0 to 5000000, not "${values.count}"`);
  }
  return {
    count,
    reset: values.reset,
    onSale: values['demo-numbers-on-sale'],
    help: values.help,
  };
}

async function main() {
  const config = loadConfig();
  const args = parseCommandLine(process.argv.slice(2), config.DEMO_DATA_COUNT);
  if (args.help) {
    console.log(usage);
    return;
  }
  // Demo numbers are made up: in a production store they would be sold (QA 29 F8).
  if (config.isProduction && !args.onSale) {
    throw new UsageError(
      'NODE_ENV=production: npm run seed loads made-up demo numbers, and they would go on sale in this store at demo prices. Nothing was loaded. For a trial store, add --demo-numbers-on-sale to load them all the same.',
    );
  }
  const store = storeDescription(config);
  // A developer's first seed may make the embedded store; a production store is never made here.
  const { services, close } = await openCommandServices(config, {
    existingStore: config.isProduction,
  });
  try {
    const { catalog } = services;
    if (args.reset) console.log(`removed ${await catalog.removeUnreferenced()} numbers`);
    const started = Date.now();
    const { processed, inserted } = await catalog.loadDemoInventory({
      count: args.count,
      log: (line) => console.log(line),
    });
    const held = await catalog.count();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `seeded ${inserted} new numbers into ${store} (${processed - inserted} were there already) in ${seconds} s; it holds ${held} numbers`,
    );
    if (config.isProduction) {
      console.log('These are made-up demo numbers, and they are now on sale at demo prices.');
    }
  } finally {
    await close();
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
