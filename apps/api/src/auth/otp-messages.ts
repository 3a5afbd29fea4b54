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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function validity(ttlSeconds: number): string {
  if (ttlSeconds < 120) return `${ttlSeconds} seconds`;
  const minutes = Math.round(ttlSeconds / 60);
  return `${minutes} minutes`;
}

/** The e-mail and the SMS (its template's variables) that carry a one-time code. */
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
  const html = `<p>Your verification code is <strong style="font-size:1.4em;letter-spacing:0.15em">${code}</strong>.</p>
<p>Enter it to ${escapeHtml(action)}. It is valid for ${valid}.</p>
<p>If you did not ask for this code, ignore this message: nothing changes without it.
Never share this code with anyone. Our team will never ask you for it.</p>
<p>${escapeHtml(storeName)}</p>`;
  const sms: SmsTemplate = {
    kind: 'otp',
    variables: [code, smsActions[purpose] ?? action, valid],
  };
  return { subject, text, html, sms };
}
