import type { MessageSender } from './message';

export interface Msg91Options {
  authKey: string;
  /** The MSG91 Flow template (mapped to a DLT-approved template) used for every SMS. */
  templateId: string;
  /** https://control.msg91.com/api/v5 in production; a local fake in tests. */
  apiBase: string;
  /** How long a call may take (OUTBOUND_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/**
 * SMS through MSG91's Flow API (POST {base}/flow, header `authkey`). Indian operators only carry
 * DLT-registered templates, so the text cannot be free: the template receives the variables
 * `otp` (the code, or empty) and `content` (the whole text), e.g. "##otp## is your ... code".
 */
export function createMsg91SmsSender(options: Msg91Options): MessageSender {
  const url = `${options.apiBase.replace(/\/+$/, '')}/flow`;
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authkey: options.authKey,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            template_id: options.templateId,
            short_url: '0',
            recipients: [
              { mobiles: `91${message.to}`, otp: message.otp ?? '', content: message.text },
            ],
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsDeliveryError(`MSG91 could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as {
        type?: string;
        message?: string;
      } | null;
      if (!response.ok || body?.type !== 'success') {
        throw new SmsDeliveryError(
          `MSG91 refused the SMS (HTTP ${response.status}): ${body?.message ?? 'no details'}`,
        );
      }
    },
  };
}
