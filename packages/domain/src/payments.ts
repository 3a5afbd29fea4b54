import { rupeesText } from './money';

/** How a bank transfer is referenced: its UTR's shape tells the rail. */
export type UtrKind = 'UPI or IMPS' | 'NEFT' | 'RTGS';

/**
 * The kind of a UTR by its shape, or undefined: 12 digits (UPI, IMPS), 16 letters and digits
 * (NEFT), 22 letters and digits (RTGS). Spaces are ignored and letters upper-cased; use
 * normalizeUtr to store it.
 */
export function utrKind(utr: string): UtrKind | undefined {
  const value = normalizeUtr(utr);
  if (/^\d{12}$/.test(value)) return 'UPI or IMPS';
  if (/^[A-Z0-9]{16}$/.test(value)) return 'NEFT';
  if (/^[A-Z0-9]{22}$/.test(value)) return 'RTGS';
  return undefined;
}

/**
 * A UPI / bank transfer reference (UTR, RRN) as compared: trimmed, upper case, without spaces,
 * so `utr 4321 0987` and `UTR43210987` are one reference (a payment's and a refund's alike).
 */
export function normalizeUtr(utr: string): string {
  return utr.replace(/\s+/g, '').toUpperCase();
}

/**
 * A manual refund's UTR / bank reference as kept and sent to the buyer (decisions 0054, 0092):
 * normalised as a payment's reference is compared (a bank statement's `NEFT REF 1234567` is
 * `NEFTREF1234567`), then 6 to 30 letters or digits, what its database column and an SMS
 * variable hold.
 */
export const REFUND_REFERENCE_SHAPE = /^[A-Z0-9]{6,30}$/;

export const UTR_SHAPE_MESSAGE =
  'Enter the transaction reference (UTR): 12 digits for UPI or IMPS, 16 letters and digits for NEFT, 22 for RTGS.';

export interface UpiPayment {
  /** The payee's UPI ID (pa). */
  payeeId: string;
  /** The payee's name (pn). */
  payeeName: string;
  amountPaise: number;
  /** The order reference, shown to the payer and in the bank statement (tn). */
  reference: string;
}

/** `upi://pay?pa=…&pn=…&am=1450.00&tn=…&cu=INR`, each value URL-encoded (NPCI's deep link). */
export function upiPayLink({ payeeId, payeeName, amountPaise, reference }: UpiPayment): string {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new RangeError(`A UPI payment needs a positive whole number of paise: ${amountPaise}`);
  }
  const amount = rupeesText(amountPaise);
  const query = [
    ['pa', payeeId],
    ['pn', payeeName],
    ['am', amount],
    ['tn', reference],
    ['cu', 'INR'],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `upi://pay?${query}`;
}
