import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl } from '../test-support/database-server';
import { testConfig } from '../test-support/test-app';
import { ConfigError } from './config/config';
import { DataDirNotWritableError } from './db/data-dir-lock';
import { describeDatabaseUrl, openStoreDatabase } from './db/open-store-database';
import { databaseNotAnswering, startFailureHeadline, startRefusal } from './start-failure';

describe('startFailureHeadline', () => {
  it("puts the database's own reason first, not the failed query", () => {
    const database = Object.assign(new Error('permission denied for schema public'), {
      code: '42501',
    });
    const drizzle = new Error('Failed query: CREATE TABLE "addresses" (\n  "id" uuid …\n)', {
      cause: database,
    });
    expect(startFailureHeadline(drizzle)).toBe(
      'The server could not start: permission denied for schema public\n(the details follow)',
    );
  });

  it('says an error without a cause as it is', () => {
    expect(startFailureHeadline(new Error('listen EADDRINUSE: address already in use'))).toBe(
      'The server could not start: listen EADDRINUSE: address already in use',
    );
  });
});

/** Roles and databases of this file, dropped at the end (on a server others use too). */
const suffix = `${process.pid}_${Date.now() % 100_000}`;
const role = `ops_start_role_${suffix}`;
const notOwned = `ops_start_notowner_${suffix}`;

/** What the store's start refuses with, opening the database as its server does. */
async function refusalOpening(url: string) {
  const config = testConfig({ DATABASE_URL: url });
  const error = await openStoreDatabase(config).then(
    async (store) => {
      await store.close();
      throw new Error('the database opened');
    },
    (failure: unknown) => failure,
  );
  return startRefusal(error, config);
}

describe('startRefusal: one line naming the setting and the fix (QA 29 F4, F5)', () => {
  const { admin } = inject('testDatabaseServer');
  const urlAs = (user: string, password: string, database: string) => {
    const url = new URL(databaseUrl(admin, database));
    url.username = user;
    url.password = password;
    return url.href;
  };
  const place = describeDatabaseUrl(databaseUrl(admin, 'postgres')).place;

  beforeAll(async () => {
    await adminQuery(admin, `create role ${role} login password 'the-right-one'`);
    await adminQuery(admin, `create database ${notOwned}`);
  });
  afterAll(async () => {
    await adminQuery(admin, `drop database if exists ${notOwned} with (force)`);
    await adminQuery(admin, `drop role if exists ${role}`);
  });

  it('a wrong password, never printing it', async () => {
    const line = await refusalOpening(urlAs(role, 'a-wrong-one', notOwned));
    expect(line).toBe(
      `DATABASE_URL: PostgreSQL on ${place} refused the password for user ${role}: correct the user name or password in DATABASE_URL`,
    );
  });

  it('a database that does not exist', async () => {
    const missing = `ops_start_missing_${suffix}`;
    const line = await refusalOpening(urlAs(role, 'the-right-one', missing));
    expect(line).toBe(
      `DATABASE_URL: the database ${missing} does not exist on ${place}: create it, owned by the store's user (createdb -O ${role} ${missing}; README, Deploying step 1), or correct DATABASE_URL`,
    );
  });

  it('a user that does not own the database, which may not create pg_trgm or the schema', async () => {
    const line = await refusalOpening(urlAs(role, 'the-right-one', notOwned));
    expect(line).toMatch(
      new RegExp(
        `^DATABASE_URL: user ${role} may not create the pg_trgm extension or the store's schema in the database ${notOwned} on ${place} \\(permission denied [^)]*\\): make ${role} the database's owner \\(ALTER DATABASE ${notOwned} OWNER TO ${role}; README, Deploying step 1\\)$`,
      ),
    );
  });

  it('a host and port where nothing answers: one line, but not a refusal (starting again may help)', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const config = testConfig({
      DATABASE_URL: `postgresql://store:secret-pw@127.0.0.1:${port}/store`,
    });
    const error = await openStoreDatabase(config).then(
      () => new Error('the database opened'),
      (failure: unknown) => failure,
    );
    expect(startRefusal(error, config)).toBeUndefined();
    expect(databaseNotAnswering(error, config)).toBe(
      `DATABASE_URL: cannot reach PostgreSQL on 127.0.0.1:${port} (connection refused): start PostgreSQL there, or correct the host and port in DATABASE_URL`,
    );
    expect(databaseNotAnswering(new Error('something else'), config)).toBeUndefined();
  });

  it('a PORT another program listens on', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as { port: number };
    const ours = createServer();
    const error = await new Promise((resolve) => {
      ours.once('error', resolve);
      ours.listen(port, '127.0.0.1');
    });
    await new Promise((resolve) => other.close(resolve));
    expect(startRefusal(error, testConfig({ HOST: '127.0.0.1', PORT: String(port) }))).toBe(
      `PORT ${port} on 127.0.0.1 is in use by another program: stop it or set another PORT`,
    );
  });

  it("a settings or data folder problem as its message alone, without the error's class", () => {
    expect(startRefusal(new ConfigError(['PORT: must be a port number']))).toBe(
      'Invalid configuration:\n  - PORT: must be a port number',
    );
    const line = startRefusal(new DataDirNotWritableError('/proc/store', 'it is /proc'));
    expect(line).toMatch(/^DATA_DIR \/proc\/store /);
  });

  it('nothing for an error it does not know: that one is printed whole', () => {
    expect(startRefusal(new Error('something else'), testConfig())).toBeUndefined();
    const reset = Object.assign(new Error('read ECONNRESET'), {
      code: 'ECONNRESET',
      syscall: 'read',
    });
    expect(startRefusal(reset, testConfig({ DATABASE_URL: 'postgresql://a@b/c' }))).toBeUndefined();
  });
});
