import { expect, it } from 'vitest';
import { allFaqs } from './faqs';

it('tells buyers from another state that they pay IGST, not CGST and SGST', () => {
  const gst = allFaqs.find((faq) => faq.question === 'Is GST included in the price?')!;
  expect(gst.answer).toContain('CGST 9% and SGST 9% when the place of supply');
  expect(gst.answer).toContain('IGST 18% when it is another state');
});
