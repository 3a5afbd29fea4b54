import { test } from '@playwright/test';
import { startStore, type StoreServer } from './store-server';

/**
 * A store of the spec's own (`env` over startStore's settings), started before its tests and
 * stopped after them; the spec reads it through the returned function once its tests run. Such a
 * spec belongs in playwright.config.ts' ownStore.
 */
export function storeOfItsOwn(env: Record<string, string> = {}): () => StoreServer {
  let store: StoreServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    store = await startStore(env);
  });
  test.afterAll(async () => {
    await store?.stop();
  });
  return () => {
    if (!store) throw new Error('The store of this spec has not started');
    return store;
  };
}
