/**
 * Amounts in an SMS: `₹14,748.82` written `Rs 14,748.82`. "₹" is not in the GSM-7 alphabet, so
 * one of them sends the whole SMS as UCS-2, 70 characters a part instead of 160, billed (and
 * DLT-scrubbed) per part (decision 0049). E-mails and the site keep "₹".
 */
export function smsAmounts(text: string): string {
  return text.replace(/₹\s?/g, 'Rs ');
}
