import { displayPhone } from '@store/domain';
import type { Config } from '../config/config';

export type ContactConfig = Pick<Config, 'PUBLIC_SALES_WHATSAPP' | 'PUBLIC_SUPPORT_EMAIL'>;

/** How to reach a person: `WhatsApp or call us on …, or write to …` (the site's sales line). */
export const storeContact = (config: ContactConfig) =>
  `WhatsApp or call us on ${displayPhone(config.PUBLIC_SALES_WHATSAPP)}, or write to ${config.PUBLIC_SUPPORT_EMAIL}`;

/** The line every e-mail ends with: how to reach a person (the same sales line as the site). */
export function storeContactLine(config: ContactConfig): string {
  return `Questions? ${storeContact(config)}.`;
}
