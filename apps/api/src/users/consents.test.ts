import { PRIVACY_POLICY_VERSION } from '@store/domain';
import { expect, it } from 'vitest';
import { unsubscribeToken } from '../alerts/unsubscribe-token';
import { sessionKeys } from '../auth/session-keys';
import { signedIn, withSalesInventory } from '../../test-support/sales';
import { api, registerCustomer } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

/** Decision 0057: each consent given or withdrawn is kept with its time and policy version. */
describeEachDatabase('consent records', (ctx) => {
  const { id } = withSalesInventory(ctx);

  async function consents(userId: string) {
    return ctx().database.query<{
      kind: string;
      given: boolean;
      source: string;
      policy_version: string;
      at: Date;
    }>(
      'select kind, given, source, policy_version, at from consent_records where user_id = $1 order by at, kind',
      [userId],
    );
  }
  const brief = (rows: { kind: string; given: boolean; source: string }[]) =>
    rows.map((row) => `${row.kind} ${row.given ? 'given' : 'withdrawn'} at ${row.source}`);

  it('records the terms and WhatsApp updates given at registration, with the time and policy version', async () => {
    const before = Date.now();
    const { user } = await registerCustomer(ctx().app, { getWhatsappUpdate: true });
    const rows = await consents(user.id);
    expect(brief(rows).sort()).toEqual([
      'terms given at registration',
      'whatsapp_updates given at registration',
    ]);
    for (const row of rows) {
      expect(row.policy_version).toBe(PRIVACY_POLICY_VERSION);
      expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }

    const { user: declined } = await registerCustomer(ctx().app, { getWhatsappUpdate: false });
    expect(brief(await consents(declined.id))).toEqual(['terms given at registration']);
  });

  it('records WhatsApp updates withdrawn and given again in the profile, only when they change', async () => {
    const { client, user } = await registerCustomer(ctx().app, { getWhatsappUpdate: true });
    const patch = (payload: object) =>
      client.request({ method: 'PATCH', url: api('/user/profile'), payload });
    expect((await patch({ getWhatsappUpdate: false })).statusCode).toBe(200);
    // The form sends the box with every save: the same value again is no new consent.
    expect((await patch({ name: 'Asha V', getWhatsappUpdate: false })).statusCode).toBe(200);
    expect((await patch({ getWhatsappUpdate: true })).statusCode).toBe(200);
    expect(brief(await consents(user.id)).filter((line) => line.startsWith('whatsapp'))).toEqual([
      'whatsapp_updates given at registration',
      'whatsapp_updates withdrawn at profile',
      'whatsapp_updates given at profile',
    ]);
  });

  it('records the alert e-mails started by the first favourite, and turned off and on', async () => {
    const { client, user } = await signedIn(ctx().app);
    const first = await client.put(api(`/favourites/${id('9876598765')}`));
    expect(first.json().data).toEqual({ alertsStarted: true });
    // Only the first starts them: the page tells the buyer once.
    const second = await client.put(api(`/favourites/${id('9811223344')}`));
    expect(second.json().data).toEqual({ alertsStarted: false });
    const saved = await client.post(api('/saved-searches'), { name: '786', query: 'q=786' });
    expect(saved.statusCode).toBe(201);

    expect((await client.put(api('/alerts/settings'), { alertsOn: false })).statusCode).toBe(200);
    expect((await client.put(api('/alerts/settings'), { alertsOn: false })).statusCode).toBe(200);
    expect((await client.put(api('/alerts/settings'), { alertsOn: true })).statusCode).toBe(200);
    expect(brief(await consents(user.id))).toEqual([
      'price_alerts given at favourite',
      'price_alerts withdrawn at saved_page',
      'price_alerts given at saved_page',
    ]);
  });

  it('records the alert e-mails withdrawn from the unsubscribe link; a favourite then starts nothing', async () => {
    const { client, user } = await signedIn(ctx().app);
    const saved = await client.post(api('/saved-searches'), { name: '786', query: 'q=786' });
    expect(saved.statusCode).toBe(201);
    const token = unsubscribeToken(user.id, sessionKeys(ctx().app.config).unsubscribe);
    const res = await ctx().app.inject({
      method: 'POST',
      url: api(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`),
    });
    expect(res.statusCode, res.body).toBe(200);
    const heart = await client.put(api(`/favourites/${id('9876598765')}`));
    expect(heart.json().data).toEqual({ alertsStarted: false });
    expect(brief(await consents(user.id))).toEqual([
      'price_alerts given at saved_search',
      'price_alerts withdrawn at unsubscribe_link',
    ]);
  });
});
