import type { Config } from '../config/config';
import type { Services } from '../services';

/** Loads the demo inventory and accounts into an empty store (first start only). */
export async function loadDemoDataIfEmpty(
  services: Pick<Services, 'catalog' | 'users'>,
  config: Config,
  log: (line: string) => void,
): Promise<void> {
  await services.users.ensureDemoSupportAccount(config, log);
  if ((await services.catalog.count()) > 0 || config.DEMO_DATA_COUNT === 0) return;
  const count = config.DEMO_DATA_COUNT;
  log(`Empty store: loading ${count} demo numbers`);
  const started = Date.now();
  const { inserted } = await services.catalog.loadDemoInventory({ count, log });
  log(
    `Demo inventory ready: ${inserted} numbers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
