import { request } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUPPORT_MOBILE, SUPPORT_STATE_ENV, signInWithOtp } from './accounts';
import { startStore } from './store-server';

export default async function globalSetup() {
  // The specs share one support session through API clients, which (unlike the web app) do not
  // refresh an expired access token: it must outlast the slowest run, not the 15 minutes a
  // person gets (a loaded CI machine once took 17 minutes and the last specs were refused).
  const store = await startStore({ ACCESS_TOKEN_TTL_SECONDS: String(3 * 3600) });
  process.env.E2E_BASE_URL = store.url;
  // Commands (create-staff) reach the running store's database through its data folder.
  process.env.E2E_DATA_DIR = store.dataDir;

  // Specs share one support session: asking for a second code within the resend cooldown
  // would be refused, exactly as it is for a person.
  const stateDir = mkdtempSync(join(tmpdir(), 'store-e2e-state-'));
  const support = await request.newContext({ baseURL: store.url });
  await signInWithOtp(support, SUPPORT_MOBILE);
  process.env[SUPPORT_STATE_ENV] = await support
    .storageState({ path: join(stateDir, 'support.json') })
    .then(() => join(stateDir, 'support.json'));
  await support.dispose();

  return async () => {
    await store.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
