import type { SmsTemplate } from '../notify/sms-templates';
import type { OtpPurpose } from './otp-types';

const actions: Record<OtpPurpose, string> = {
  registration: 'finish creating your account',
  login: 'sign in',
  password_reset: 'reset your password',
  contact_change: 'make this the new contact of your account',
};

/** The same in at most 30 characters, where it is longer: a DLT variable of the SMS (0052). */
const smsActions: Partial<Record<OtpPurpose, string>> = {
  contact_change: 'make this your new contact',
};

function validity(ttlSeconds: number): string {
  if (ttlSeconds < 120) return `${ttlSeconds} seconds`;
  const minutes = Math.round(ttlSeconds / 60);
  return `${minutes} minutes`;
}

/**
 * The e-mail and the SMS (its template's variables) that carry a one-time code; the e-mail's HTML
 * is the notifier's, the code shown large (notify/email-html.ts, decision 0108).
 */
export function otpMessages(
  purpose: OtpPurpose,
  code: string,
  storeName: string,
  ttlSeconds: number,
) {
  const action = actions[purpose];
  const valid = validity(ttlSeconds);
  const subject = `Your ${storeName} verification code`;
  const text = [
    `Your verification code is ${code}.`,
    `Enter it to ${action}. It is valid for ${valid}.`,
    '',
    'If you did not ask for this code, ignore this message: nothing changes without it.',
    'Never share this code with anyone. Our team will never ask you for it.',
    '',
    storeName,
  ].join('\n');
  const sms: SmsTemplate = {
    kind: 'otp',
    variables: [code, smsActions[purpose] ?? action, valid],
  };
  return { subject, text, sms };
}
