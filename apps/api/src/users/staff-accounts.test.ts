import { expect, it } from 'vitest';
import { describeEachDatabase, testConfig } from '../../test-support/test-app';
import { api, latestOtp, SessionClient } from '../../test-support/session-client';
import { DEMO_SUPPORT_ACCOUNT } from './user-service';

describeEachDatabase('the demo support account', (ctx) => {
  const count = async () =>
    (
      await ctx().database.query<{ n: number }>(
        `select count(*)::int as n from users where role = 'support'`,
      )
    )[0]!.n;

  it('is created once when demo data is on, and signs in with a code from the dev outbox', async () => {
    const { app } = ctx();
    const { ensureDemoSupportAccount } = app.services.users;
    const lines: string[] = [];
    await ensureDemoSupportAccount(testConfig({ DEMO_DATA_COUNT: '10' }), (l) => lines.push(l));
    await ensureDemoSupportAccount(testConfig({ DEMO_DATA_COUNT: '10' }));
    expect(await count()).toBe(1);
    expect(lines.join('\n')).toContain(DEMO_SUPPORT_ACCOUNT.mobile);

    const client = new SessionClient(app);
    await client.post(api('/auth/sign-in'), { mobile: DEMO_SUPPORT_ACCOUNT.mobile });
    const res = await client.post(api('/auth/verify-otp'), {
      mobile: DEMO_SUPPORT_ACCOUNT.mobile,
      otp: await latestOtp(app, DEMO_SUPPORT_ACCOUNT.mobile),
    });
    expect(res.json().data.user).toMatchObject({
      role: 'support',
      email: DEMO_SUPPORT_ACCOUNT.email,
    });
  });

  it('is never created in production or without demo data', async () => {
    const { ensureDemoSupportAccount } = ctx().app.services.users;
    await ensureDemoSupportAccount(testConfig({ DEMO_DATA_COUNT: '0' }));
    await ensureDemoSupportAccount(
      testConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), DEMO_DATA_COUNT: '10' }),
    );
    expect(await count()).toBe(0);
  });
});
