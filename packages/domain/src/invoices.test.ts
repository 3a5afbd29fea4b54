import { describe, expect, it } from 'vitest';
import { documentSerial, financialYear, rupeesInWords } from './invoices';

describe('financialYear', () => {
  it('turns on 1 April in India time', () => {
    // 31 Mar 2027 23:59 IST is 18:29 UTC; 1 Apr 2027 00:00 IST is 31 Mar 18:30 UTC.
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('27-28');
    expect(financialYear(new Date('2026-11-25T12:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('99-00');
  });
});

describe('documentSerial', () => {
  it('pads to six digits and stays within 16 characters', () => {
    expect(documentSerial('INV', '26-27', 123)).toBe('INV/26-27/000123');
    expect(documentSerial('INV', '26-27', 999_999)).toHaveLength(16);
    expect(documentSerial('CN', '26-27', 1)).toBe('CN/26-27/000001');
    expect(() => documentSerial('INV', '26-27', 0)).toThrow(RangeError);
    expect(() => documentSerial('INV', '26-27', 1_000_000)).toThrow(RangeError);
  });
});

describe('rupeesInWords', () => {
  it('uses lakh and crore', () => {
    expect(rupeesInWords(14_500_050)).toBe(
      'Rupees One Lakh Forty Five Thousand and Fifty Paise Only',
    );
    expect(rupeesInWords(1_23_45_678_00)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Only',
    );
    expect(rupeesInWords(2_00_00_000_00)).toBe('Rupees Two Crore Only');
    expect(rupeesInWords(101_00)).toBe('Rupees One Hundred One Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(101)).toBe('Rupees One and One Paisa Only');
    expect(rupeesInWords(100_00_00_000_00)).toBe('Rupees One Hundred Crore Only');
  });
});
