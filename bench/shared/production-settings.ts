import { smsTemplateKinds } from '../../apps/api/src/notify/sms-templates';

/**
 * What a production store must be given before it starts (SMTP and MSG91, the payment details,
 * the sender, the invoice address and the contact line): placeholders that point nowhere, since a benchmark sends
 * no message and takes no payment.
 */
export const benchMessaging = {
  SMTP_URL: 'smtp://127.0.0.1:9',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'bench-only',
  // A template per kind of SMS (decision 0052).
  ...Object.fromEntries(
    smsTemplateKinds.map((kind) => [`MSG91_TEMPLATE_${kind.toUpperCase()}`, 'bench-only']),
  ),
  MSG91_API_BASE: 'http://127.0.0.1:9',
  // A made-up GSTIN of the default STORE_STATE (Delhi), for the tax invoice.
  STORE_GSTIN: '07AAPFU0939F1ZX',
  PAYMENT_UPI_ID: 'bench-only@upi',
  PAYMENT_BANK_DETAILS: 'Bench only: no account',
  MAIL_FROM: 'Bench <bench@store.invalid>',
  STORE_ADDRESS: 'Bench only, New Delhi, Delhi 110001',
  PUBLIC_SALES_WHATSAPP: '9000000001',
  PUBLIC_SUPPORT_EMAIL: 'bench@store.invalid',
};
