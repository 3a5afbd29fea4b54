import { smsTemplateKinds } from '../src/notify/sms-templates';

/** Every MSG91_TEMPLATE_<KIND> setting, each set to its kind's name (as message-catcher asks). */
export const msg91TemplateSettings: Record<string, string> = Object.fromEntries(
  smsTemplateKinds.map((kind) => [`MSG91_TEMPLATE_${kind.toUpperCase()}`, kind]),
);
