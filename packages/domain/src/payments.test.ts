import { describe, expect, it } from 'vitest';
import { normalizeUtr, REFUND_REFERENCE_SHAPE, upiPayLink, utrKind } from './payments';

describe('utrKind', () => {
  it('tells the rail by the shape', () => {
    expect(utrKind('412345678901')).toBe('UPI or IMPS');
    expect(utrKind('4123 4567 8901')).toBe('UPI or IMPS');
    expect(utrKind('hdfcn52026112512')).toBe('NEFT');
    expect(utrKind('HDFCR52026112512345678')).toBe('RTGS');
  });

  it('refuses other shapes', () => {
    for (const bad of [
      '',
      '41234567890',
      '4123456789012',
      'ABCDEFGHIJKL',
      'HDFC-5202611251',
      'x'.repeat(30),
    ]) {
      expect(utrKind(bad), bad).toBeUndefined();
    }
  });
});

describe('upiPayLink', () => {
  it('carries the payee, the amount with two decimals, the reference and INR, encoded', () => {
    const link = upiPayLink({
      payeeId: 'vipnumbers@hdfcbank',
      payeeName: 'VIP Numbers & Co',
      amountPaise: 14_500_050,
      reference: 'VN-2611-0042',
    });
    expect(link).toBe(
      'upi://pay?pa=vipnumbers%40hdfcbank&pn=VIP%20Numbers%20%26%20Co&am=145000.50&tn=VN-2611-0042&cu=INR',
    );
    const params = new URL(link).searchParams;
    expect(params.get('am')).toBe('145000.50');
    expect(params.get('pn')).toBe('VIP Numbers & Co');
  });

  it('refuses an amount that is not a positive whole number of paise', () => {
    const base = { payeeId: 'a@b', payeeName: 'A', reference: 'R' };
    expect(() => upiPayLink({ ...base, amountPaise: 0 })).toThrow(RangeError);
    expect(() => upiPayLink({ ...base, amountPaise: 1.5 })).toThrow(RangeError);
  });
});

describe('normalizeUtr', () => {
  it('trims, upper-cases and drops every space', () => {
    expect(normalizeUtr('  utr 4321 0987\t6543 ')).toBe('UTR432109876543');
    expect(normalizeUtr('UPI-123')).toBe('UPI-123');
  });
});

describe('REFUND_REFERENCE_SHAPE', () => {
  it('takes a bank reference once normalised, 6 to 30 letters or digits', () => {
    const shaped = (typed: string) => REFUND_REFERENCE_SHAPE.test(normalizeUtr(typed));
    expect(shaped(' NEFT REF 1234567 ')).toBe(true);
    expect(shaped('imps 4455 6677 88')).toBe(true);
    expect(shaped('12345')).toBe(false);
    expect(shaped('NEFT-123456')).toBe(false);
    expect(shaped('A'.repeat(31))).toBe(false);
  });
});
