import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nonGsm7, smsParts } from '../../test-support/gsm7';
import { otpMessages } from '../auth/otp-messages';
import templates from './sms-templates.json';
import {
  SMS_VARIABLE_MAX,
  smsMessage,
  smsTemplateFill,
  smsTemplateKinds,
  smsTemplateText,
} from './sms-templates';

const site = { STORE_NAME: 'VIP Number Store', PUBLIC_BASE_URL: 'https://www.vipnumberstore.in/' };

describe('the SMS templates (decision 0052)', () => {
  it('are listed for registration in docs/sms-templates.md, each with its setting, as the code has them', () => {
    const page = readFileSync(resolve(__dirname, '../../../../docs/sms-templates.md'), 'utf8');
    for (const kind of smsTemplateKinds) {
      expect(page).toContain(`## \`${kind}\`:`);
      expect(page).toContain(`Setting \`MSG91_TEMPLATE_${kind.toUpperCase()}\``);
      expect(page).toContain(`\`\`\`text\n${templates[kind]}\n\`\`\``);
    }
  });

  it('each have fixed text of their own around short variables, GSM-7 only', () => {
    for (const kind of smsTemplateKinds) {
      const text = smsTemplateText(kind, site);
      expect(text, kind).not.toMatch(/\{store\}|\{site\}/);
      const fixed = text.split('{#var#}').join('');
      // A template that is mostly its variables is not approved.
      expect(fixed.length, kind).toBeGreaterThan(40);
      expect(nonGsm7(text), kind).toEqual([]);
    }
    expect(smsTemplateText('payment_received', site)).toContain(
      'on your order page at https://www.vipnumberstore.in/orders.',
    );
  });

  it('fill their variables in order, and refuse the wrong number of them', () => {
    expect(smsTemplateFill({ kind: 'payment_extra', variables: ['VN-1', 'UTR9'] }, site)).toBe(
      'VIP Number Store: order VN-1 was already paid; your further payment UTR9 will be refunded in full.',
    );
    expect(() => smsTemplateFill({ kind: 'payment_extra', variables: ['VN-1'] }, site)).toThrow(
      /payment_extra takes 2 variables, not 1/,
    );
  });

  it('carry the sign-in code in one part, its variables within 30 characters', () => {
    for (const purpose of ['registration', 'login', 'password_reset', 'contact_change'] as const) {
      const { sms } = otpMessages(purpose, '482913', site.STORE_NAME, 600);
      const message = smsMessage('9876543210', sms, site);
      expect(message.text).toMatch(
        /^482913 is your VIP Number Store code to .+\. Valid for 10 minutes\./,
      );
      for (const variable of sms.variables)
        expect(variable.length).toBeLessThanOrEqual(SMS_VARIABLE_MAX);
      expect(smsParts(message.text)).toBe(1);
    }
  });
});
