import type { MessageSender, WhatsappTemplateKind } from './message';

export interface WhatsappCloudOptions {
  /** A system user's access token with whatsapp_business_messaging. */
  token: string;
  /** The business phone number's id in WhatsApp Manager. */
  phoneNumberId: string;
  /** https://graph.facebook.com/v23.0 in production; a local fake in tests. */
  apiBase: string;
  /** The approved template of each kind of message, and their language (`en`, `en_US`). */
  templates: Record<WhatsappTemplateKind, string>;
  language: string;
  /** How long a call may take (OUTBOUND_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

export class WhatsappDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhatsappDeliveryError';
  }
}

/**
 * WhatsApp through Meta's Cloud API: POST {base}/{phone-number-id}/messages with a bearer
 * token. A business starts a conversation only with an approved template, so every message
 * names its template kind and the body parameters; the recipient is the mobile with 91.
 */
export function createWhatsappCloudSender(options: WhatsappCloudOptions): MessageSender {
  const url = `${options.apiBase.replace(/\/+$/, '')}/${options.phoneNumberId}/messages`;
  return {
    async send(message) {
      if (!message.template) {
        throw new WhatsappDeliveryError('A WhatsApp message needs an approved template.');
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: `91${message.to}`,
            type: 'template',
            template: {
              name: options.templates[message.template.kind],
              language: { code: options.language },
              components: [
                {
                  type: 'body',
                  parameters: message.template.parameters.map((text) => ({ type: 'text', text })),
                },
              ],
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new WhatsappDeliveryError(
          `WhatsApp could not be reached: ${(error as Error).message}`,
        );
      }
      const body = (await response.json().catch(() => null)) as {
        messages?: { id?: string }[];
        error?: { message?: string };
      } | null;
      if (!response.ok || !body?.messages?.[0]?.id) {
        throw new WhatsappDeliveryError(
          `WhatsApp refused the message (HTTP ${response.status}): ${body?.error?.message ?? 'no details'}`,
        );
      }
    },
  };
}
