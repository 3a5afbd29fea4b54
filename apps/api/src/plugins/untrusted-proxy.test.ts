import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { logLines } from '../../test-support/log-lines';
import { sharedDatabase, testConfig } from '../../test-support/test-app';

/** A store with this TRUST_PROXY, and the warnings it logs about proxies. */
async function store(trustProxy?: string) {
  const log = logLines();
  const app = await buildApp(
    testConfig({ LOG_LEVEL: 'warn', ...(trustProxy && { TRUST_PROXY: trustProxy }) }),
    { database: await sharedDatabase(), logStream: log.stream },
  );
  const health = (remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      url: '/api/v1/health',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
  const warnings = () =>
    log.lines.filter((line) => line.level === 40 && /TRUST_PROXY/.test(line.msg ?? ''));
  return { app, health, warnings };
}

describe('a request forwarded by a proxy TRUST_PROXY does not trust (decision 0048)', () => {
  it('is warned of once, naming the setting, when the limits would count the proxy', async () => {
    const { app, health, warnings } = await store();
    try {
      await health('127.0.0.1');
      expect(warnings()).toEqual([]);
      // nginx on the same machine, with TRUST_PROXY left at false.
      await health('127.0.0.1', '203.0.113.5');
      await health('127.0.0.1', '198.51.100.6');
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]).toMatchObject({ peer: '127.0.0.1', trustProxy: false });
      expect(warnings()[0]!.msg).toMatch(
        /^A request came through a proxy \(X-Forwarded-For\) from 127\.0\.0\.1, which TRUST_PROXY does not trust: every visitor is counted as 127\.0\.0\.1, .*set TRUST_PROXY=127\.0\.0\.1/,
      );
    } finally {
      await app.close();
    }
  });

  it('is not warned of when TRUST_PROXY names the proxy, but is for another peer', async () => {
    const { app, health, warnings } = await store('127.0.0.1');
    try {
      await health('127.0.0.1', '203.0.113.5');
      // A request made on the proxy's machine forwards the proxy's own address.
      await health('127.0.0.1', '127.0.0.1');
      expect(warnings()).toEqual([]);
      await health('198.51.100.7', '203.0.113.5');
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]).toMatchObject({ peer: '198.51.100.7', trustProxy: ['127.0.0.1'] });
    } finally {
      await app.close();
    }
  });
});
