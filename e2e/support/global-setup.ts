import { startStore } from './store-server';

export default async function globalSetup() {
  const store = await startStore();
  process.env.E2E_BASE_URL = store.url;
  return () => store.stop();
}
