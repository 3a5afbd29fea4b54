import { PRIVACY_POLICY_VERSION } from '@store/domain';
import { expect, it } from 'vitest';
import { api, registerCustomer } from '../../test-support/session-client';
import { consentLines, consentRecords } from '../../test-support/consents';
import { describeEachDatabase } from '../../test-support/test-app';

/** Decision 0057: each consent given or withdrawn is kept with its time and policy version. */
describeEachDatabase('consent records', (ctx) => {
  it('records the terms and WhatsApp updates given at registration, with the time and policy version', async () => {
    const before = Date.now();
    const { user } = await registerCustomer(ctx().app, { getWhatsappUpdate: true });
    const rows = await consentRecords(ctx().database, user.id);
    expect((await consentLines(ctx().database, user.id)).sort()).toEqual([
      'terms given at registration',
      'whatsapp_updates given at registration',
    ]);
    for (const row of rows) {
      expect(row.policy_version).toBe(PRIVACY_POLICY_VERSION);
      expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }

    const { user: declined } = await registerCustomer(ctx().app, { getWhatsappUpdate: false });
    expect(await consentLines(ctx().database, declined.id)).toEqual([
      'terms given at registration',
    ]);
  });

  it('records WhatsApp updates withdrawn and given again in the profile, only when they change', async () => {
    const { client, user } = await registerCustomer(ctx().app, { getWhatsappUpdate: true });
    const patch = (payload: object) =>
      client.request({ method: 'PATCH', url: api('/user/profile'), payload });
    expect((await patch({ getWhatsappUpdate: false })).statusCode).toBe(200);
    // The form sends the box with every save: the same value again is no new consent.
    expect((await patch({ name: 'Asha V', getWhatsappUpdate: false })).statusCode).toBe(200);
    expect((await patch({ getWhatsappUpdate: true })).statusCode).toBe(200);
    expect(
      (await consentLines(ctx().database, user.id)).filter((line) => line.startsWith('whatsapp')),
    ).toEqual([
      'whatsapp_updates given at registration',
      'whatsapp_updates withdrawn at profile',
      'whatsapp_updates given at profile',
    ]);
  });
});
