import type { MessageSender } from './message';
import type { SmsTemplateKind } from './sms-templates';

export interface Msg91Options {
  authKey: string;
  /** The MSG91 template id of each kind of SMS, each mapped to its DLT-approved template. */
  templates: Record<SmsTemplateKind, string>;
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
 * DLT-registered templates, so the text cannot be free: every SMS names its kind's template and
 * its variables, sent in order as `VAR1`, `VAR2`, ... (the MSG91 template is written with
 * ##VAR1##, ##VAR2##, ... where the DLT template has its {#var#}; decision 0052).
 */
export function createMsg91SmsSender(options: Msg91Options): MessageSender {
  const url = `${options.apiBase.replace(/\/+$/, '')}/flow`;
  return {
    async send(message) {
      const template = message.smsTemplate;
      if (!template) throw new SmsDeliveryError('An SMS needs its DLT template.');
      const variables = Object.fromEntries(
        template.variables.map((value, index) => [`VAR${index + 1}`, value]),
      );
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
            template_id: options.templates[template.kind],
            short_url: '0',
            recipients: [{ mobiles: `91${message.to}`, ...variables }],
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
