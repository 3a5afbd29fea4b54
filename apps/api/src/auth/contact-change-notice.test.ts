import { describe, expect, it } from 'vitest';
import { nonGsm7, smsParts } from '../../test-support/gsm7';
import { SMS_VARIABLE_MAX, smsTemplateFill } from '../notify/sms-templates';
import { contactChangeNotices } from './contact-change-notice';

const config = {
  STORE_NAME: 'VIP Number Store',
  PUBLIC_BASE_URL: 'https://www.vipnumberstore.in/',
  PUBLIC_SALES_WHATSAPP: '9494266660',
  PUBLIC_SUPPORT_EMAIL: 'support@vipnumberstore.in',
};
const before = { name: 'Asha Verma', email: 'asha.verma@example.com', mobile: '9876543210' };
// The longest time of day IST writes: two-digit day and hour.
const at = new Date('2026-11-29T06:59:00Z');

describe('the notice of a contact change (decision 0060)', () => {
  it('goes by e-mail to the old address only, when the e-mail changes', () => {
    const notices = contactChangeNotices(config, before, { email: 'ravi@example.org' }, at);
    expect(notices.map(({ channel, to }) => [channel, to])).toEqual([
      ['email', 'asha.verma@example.com'],
    ]);
    expect(notices[0]!.text).toContain(
      'was changed to r***@example.org on 29 Nov 2026, 12:29 pm IST.',
    );
    // The change ended the account's other sessions (decision 0065).
    expect(notices[0]!.text).toContain(
      '\n\nThe account has been signed out on every device except the one that made the change.\n\n',
    );
  });

  it('goes by SMS to the old mobile and by e-mail to the account’s address, when the mobile changes', () => {
    const notices = contactChangeNotices(config, before, { mobile: '9988773210' }, at);
    expect(notices.map(({ channel, to }) => [channel, to])).toEqual([
      ['email', 'asha.verma@example.com'],
      ['sms', '9876543210'],
    ]);
    const sms = notices[1]!;
    expect(sms.smsTemplate).toEqual({
      kind: 'mobile_changed',
      variables: ['******3210', '29 Nov 2026, 12:29 pm IST', '+91 94942 66660'],
    });
    for (const variable of sms.smsTemplate!.variables) {
      expect(variable.length).toBeLessThanOrEqual(SMS_VARIABLE_MAX);
      expect(variable).not.toMatch(/\/\/|www\./);
    }
    expect(sms.text).toBe(smsTemplateFill(sms.smsTemplate!, config));
    expect(nonGsm7(sms.text)).toEqual([]);
    expect(smsParts(sms.text)).toBeLessThanOrEqual(2);
  });
});
