import { expect, it } from 'vitest';
import { sessionKeys } from '../auth/auth-service';
import { unsubscribeToken } from './unsubscribe-token';
import { signedIn, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { consentLines } from '../../test-support/consents';
import { describeEachDatabase } from '../../test-support/test-app';

/** Decision 0057: the alert e-mails started, stopped and started again, as consents. */
describeEachDatabase('alert e-mails as a consent', (ctx) => {
  const { id } = withSalesInventory(ctx);

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
    expect(await consentLines(ctx().database, user.id)).toEqual([
      'price_alerts given at favourite',
      'price_alerts withdrawn at saved_page',
      'price_alerts given at saved_page',
    ]);
  });

  it('records the alert e-mails withdrawn from the unsubscribe link; a favourite then starts nothing', async () => {
    const { client, user } = await signedIn(ctx().app);
    const saved = await client.post(api('/saved-searches'), { name: '786', query: 'q=786' });
    expect(saved.statusCode).toBe(201);
    // A link e-mailed before decision 0105, signed with SESSION_SECRET's key: it still works.
    const token = unsubscribeToken(user.id, sessionKeys(ctx().app.config).unsubscribe);
    const res = await ctx().app.inject({
      method: 'POST',
      url: api(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`),
    });
    expect(res.statusCode, res.body).toBe(200);
    const heart = await client.put(api(`/favourites/${id('9876598765')}`));
    expect(heart.json().data).toEqual({ alertsStarted: false });
    expect(await consentLines(ctx().database, user.id)).toEqual([
      'price_alerts given at saved_search',
      'price_alerts withdrawn at unsubscribe_link',
    ]);
  });
});
