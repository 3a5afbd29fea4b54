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

export function normalizeUtr(utr: string): string {
  return utr.replace(/\s+/g, '').toUpperCase();
}

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
