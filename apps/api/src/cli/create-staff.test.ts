import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { openStoreDatabase } from '../db/open-store-database';
import { createStaffMain, type CliIo } from './create-staff';

describe('npm run create-staff', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'create-staff-'));
    // The store's first start creates its database; the command never does.
    await (await openStoreDatabase(loadConfig({ DATA_DIR: dataDir }))).close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function io(): CliIo & { lines: string[]; errors: string[] } {
    const lines: string[] = [];
    const errors: string[] = [];
    return {
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      out: (line) => lines.push(line),
      err: (line) => errors.push(line),
      lines,
      errors,
    };
  }

  it('creates a support account, printing who it is and no secret', async () => {
    const run = io();
    const code = await createStaffMain(
      [
        '--email',
        'Priya@Store.Example',
        '--mobile',
        '+91 99887 76655',
        '--name',
        'Priya Support',
        '--role',
        'support',
      ],
      run,
    );
    expect(run.errors).toEqual([]);
    expect(code).toBe(0);
    const printed = run.lines.join('\n');
    expect(printed).toContain(
      'Created support account for Priya Support <priya@store.example>, mobile 9988776655',
    );
    // Which store has it: a store started on another folder would not.
    expect(printed).toContain(`in the store of the data folder ${dataDir}:`);
    expect(printed).not.toMatch(/password:|token|secret|\$argon2/i);

    const admin = io();
    expect(
      await createStaffMain(
        [
          '--email',
          'boss@store.example',
          '--mobile',
          '9988776656',
          '--name',
          'The Boss',
          '--role',
          'admin',
        ],
        admin,
      ),
    ).toBe(0);

    const store = await openStoreDatabase(loadConfig({ DATA_DIR: dataDir }));
    const { database } = store;
    try {
      const rows = await database.query<{
        email: string;
        mobile: string;
        role: string;
        password_hash: string | null;
      }>('select email, mobile, role, password_hash from users order by email');
      expect(rows).toEqual([
        { email: 'boss@store.example', mobile: '9988776656', role: 'admin', password_hash: null },
        {
          email: 'priya@store.example',
          mobile: '9988776655',
          role: 'support',
          password_hash: null,
        },
      ]);
    } finally {
      await store.close();
    }
  });

  it('refuses a taken e-mail, bad arguments and a wrong role', async () => {
    const taken = io();
    expect(
      await createStaffMain(
        [
          '--email',
          'priya@store.example',
          '--mobile',
          '9988776600',
          '--name',
          'Another',
          '--role',
          'support',
        ],
        taken,
      ),
    ).toBe(1);
    // Told as to staff, not as to a buyer ("Please sign in instead").
    expect(taken.errors).toEqual([
      'Another account already uses this e-mail address: each team member needs an e-mail address and a mobile number of their own.',
    ]);

    const bad = io();
    expect(
      await createStaffMain(
        ['--email', 'nope', '--mobile', '123', '--name', 'X', '--role', 'customer'],
        bad,
      ),
    ).toBe(1);
    const problems = bad.errors.join('\n');
    expect(problems).toContain('--email: Enter a valid e-mail address.');
    expect(problems).toContain('--mobile: Enter a valid 10-digit Indian mobile number.');
    expect(problems).toContain('--role: The role must be support or admin.');

    const unknown = io();
    expect(await createStaffMain(['--emial', 'x@example.com'], unknown)).toBe(1);
    expect(unknown.errors.join('\n')).toContain('Usage: npm run create-staff');
  });

  it('says to stop the server when the data folder is in use', async () => {
    writeFileSync(join(dataDir, 'store.lock'), String(process.ppid));
    try {
      const run = io();
      const code = await createStaffMain(
        [
          '--email',
          'late@store.example',
          '--mobile',
          '9988776657',
          '--name',
          'Late',
          '--role',
          'support',
        ],
        run,
      );
      expect(code).toBe(1);
      expect(run.errors.join('\n')).toContain('Stop the server first');
    } finally {
      rmSync(join(dataDir, 'store.lock'), { force: true });
    }
  });

  it("creates no new embedded store where none is (a shell without the store's DATABASE_URL)", async () => {
    const elsewhere = join(dataDir, 'no-store-here');
    const run = io();
    run.env = { ...run.env, DATA_DIR: elsewhere };
    const args = ['--email', 'o@store.example', '--mobile', '9988776690', '--name', 'Owner'];
    expect(await createStaffMain([...args, '--role', 'admin'], run)).toBe(1);
    expect(run.errors.join('\n')).toMatch(
      /^No store in the data folder .*no-store-here, and DATABASE_URL is not set: nothing was created\. With your own PostgreSQL, run this with the store's DATABASE_URL/,
    );
    expect(existsSync(elsewhere)).toBe(false);
  });
});
