import type { EnquiryTopic } from '@store/domain';

/** How each topic is named to people: in the form's choice and in the console's inbox. */
export const enquiryTopicLabels: Record<EnquiryTopic, string> = {
  general: 'General question',
  'vip-number': 'Buying a VIP number',
  'smart-ivr': 'Smart IVR',
  'sms-solutions': 'SMS solutions',
  whatsapp: 'WhatsApp Business API',
  career: 'Job application',
};
