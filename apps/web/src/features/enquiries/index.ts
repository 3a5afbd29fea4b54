/** The enquiry form of the contact, product and career pages. */
export { EnquiryForm } from './enquiry-form';
export { enquiryTopicLabels } from './enquiry-topics';
