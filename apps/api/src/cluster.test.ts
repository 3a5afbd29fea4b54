import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../test-support/database-server';
import { killServers, startServer } from '../test-support/server-process';
import { START_REFUSED_EXIT_CODE } from './start-failure';

const scratch = mkdtempSync(join(tmpdir(), 'store-cluster-'));
afterAll(() => {
  killServers();
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run start:cluster', () => {
  it('stops at once when its workers cannot start for a setting, saying it once (QA 29 F4)', async () => {
    const { admin } = inject('testDatabaseServer');
    const missing = `ops_start_missing_${process.pid}`;
    const server = startServer(
      scratch,
      { WEB_BUILD_DIR: scratch, DATABASE_URL: databaseUrl(admin, missing), WORKERS: '2' },
      { entry: 'cluster' },
    );
    expect(await server.exited, server.output()).toEqual({
      code: START_REFUSED_EXIT_CODE,
      signal: null,
    });
    const output = server.output();
    const line = `DATABASE_URL: the database ${missing} does not exist on`;
    expect(output.split(line)).toHaveLength(2);
    expect(output).not.toContain('starting another');
    expect(output).not.toContain('keep crashing');
    expect(output).not.toContain('    at ');
  }, 60_000);
});
