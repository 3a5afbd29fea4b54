import { afterEach, describe, expect, it } from 'vitest';
import { clearBillingDraft, readBillingDraft, writeBillingDraft } from './billing-draft';

afterEach(() => sessionStorage.clear());

describe('the billing draft', () => {
  it("is the typing account's alone, and gone once ordered", () => {
    writeBillingDraft('user-1', { line1: '14 Residency Road', state: 'Karnataka' });
    expect(readBillingDraft('user-1')).toEqual({ line1: '14 Residency Road', state: 'Karnataka' });
    expect(readBillingDraft('user-2')).toBeNull();
    clearBillingDraft();
    expect(readBillingDraft('user-1')).toBeNull();
  });

  it('keeps only the address fields it knows, as text, from whatever storage holds', () => {
    sessionStorage.setItem(
      'billing-draft',
      JSON.stringify({ userId: 'user-1', values: { city: 'Pune', pinCode: 411001, admin: 'x' } }),
    );
    expect(readBillingDraft('user-1')).toEqual({ city: 'Pune' });
    sessionStorage.setItem('billing-draft', '{not json');
    expect(readBillingDraft('user-1')).toBeNull();
  });
});
