/** What an enquiry (POST /api/v1/enquiries) is about; job applications are `career`. */
export const enquiryTopics = [
  'general',
  'vip-number',
  'smart-ivr',
  'sms-solutions',
  'whatsapp',
  'career',
] as const;
export type EnquiryTopic = (typeof enquiryTopics)[number];
