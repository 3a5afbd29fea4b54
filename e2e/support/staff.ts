import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Account } from './accounts';

const repo = resolve(import.meta.dirname, '../..');

/**
 * Creates a staff account in the store under test (or the store of `dataDir`) with `npm run
 * create-staff`'s command, as an owner creates the first administrator (it works while the store
 * runs).
 */
export async function createStaffAccount(
  account: Account,
  role: 'support' | 'admin',
  dataDir = process.env.E2E_DATA_DIR,
) {
  if (!dataDir) throw new Error('E2E_DATA_DIR is unset: run through global-setup');
  const args = ['--import', 'tsx', 'src/cli/create-staff.ts'];
  args.push('--email', account.email, '--mobile', account.mobile, '--name', account.name);
  args.push('--role', role);
  await promisify(execFile)(process.execPath, args, {
    cwd: resolve(repo, 'apps/api'),
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
}
