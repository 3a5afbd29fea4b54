import { formatInr, toRupees } from '@store/domain';
import templates from './sms-templates.json';

/**
 * The kinds of SMS, each sent through its own DLT-registered template (MSG91_TEMPLATE_<KIND>,
 * decision 0052). sms-templates.json holds each template's fixed text: `{#var#}` where a
 * variable goes (DLT's own mark), `{store}` and `{site}` for STORE_NAME and PUBLIC_BASE_URL,
 * which are part of the text the owner registers. docs/sms-templates.md lists them.
 */
export type SmsTemplateKind = keyof typeof templates;

export const smsTemplateKinds = Object.keys(templates) as SmsTemplateKind[];

/** An SMS's template and its variables, in order. */
export interface SmsTemplate {
  kind: SmsTemplateKind;
  variables: string[];
}

/** DLT operators allow about 30 characters in each {#var#}. */
export const SMS_VARIABLE_MAX = 30;

const VARIABLE = '{#var#}';

/** STORE_NAME and PUBLIC_BASE_URL (config.ts, which reads the kinds from here). */
export interface SmsSite {
  STORE_NAME: string;
  PUBLIC_BASE_URL: string;
}

/** The template's fixed text as the owner registers it, with this store's name and address. */
export function smsTemplateText(kind: SmsTemplateKind, site: SmsSite): string {
  return templates[kind]
    .replaceAll('{store}', site.STORE_NAME)
    .replaceAll('{site}', site.PUBLIC_BASE_URL.replace(/\/+$/, ''));
}

/**
 * The SMS as it reads: the template's text with its variables in order (the one source of
 * the text, so that it never differs from what MSG91 sends).
 */
export function smsTemplateFill(template: SmsTemplate, site: SmsSite): string {
  const parts = smsTemplateText(template.kind, site).split(VARIABLE);
  if (template.variables.length !== parts.length - 1) {
    throw new Error(
      `The SMS template ${template.kind} takes ${parts.length - 1} variables, not ${template.variables.length}`,
    );
  }
  return parts.map((part, index) => part + (template.variables[index] ?? '')).join('');
}

/**
 * An SMS to `to` through `template`: its text is the template filled in. Each variable must
 * be at most SMS_VARIABLE_MAX characters (tests hold every kind the store writes to it): one
 * longer is refused by the operator, and cutting it could change a UPI ID or a code.
 */
export const smsMessage = (to: string, template: SmsTemplate, site: SmsSite) => ({
  channel: 'sms' as const,
  to,
  text: smsTemplateFill(template, site),
  smsTemplate: template,
});

/**
 * An amount as an SMS writes it after "Rs": `14,748.82`. "₹" is not in the GSM-7 alphabet, so
 * one of them would send the whole SMS as UCS-2, 70 characters a part instead of 160
 * (decision 0049).
 */
export const smsRupees = (paise: number) => formatInr(toRupees(paise)).replace(/₹\s?/, '');
