import { describe, expect, it } from 'vitest';
import {
  billingStateNames,
  gstinStateName,
  gstStateCode,
  isInterState,
  placeOfSupply,
  placeOfSupplyCode,
} from './gst-states';

describe('GST state codes', () => {
  it('gives every billing state a distinct two-digit code', () => {
    const codes = billingStateNames.map((name) => gstStateCode(name));
    expect(codes.every((code) => code !== undefined && /^\d{2}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(billingStateNames.length);
  });

  it('reads the state of a GSTIN from its first two digits', () => {
    expect(gstStateCode('Maharashtra')).toBe('27');
    expect(gstinStateName('27AAPFU0939F1ZV')).toBe('Maharashtra');
    expect(gstinStateName('37AAPFU0939F1ZV')).toBe('Andhra Pradesh');
    expect(gstinStateName('00AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinStateName('39AAPFU0939F1ZV')).toBeUndefined();
    expect(gstStateCode('Atlantis')).toBeUndefined();
  });

  it('reads the codes a state had before a change as the state now', () => {
    expect(gstinStateName('25AAPFU0939F1ZV')).toBe('Dadra & Nagar Haveli and Daman & Diu');
    expect(gstinStateName('28AAPFU0939F1ZV')).toBe('Andhra Pradesh');
  });

  it('reads Other Territory (97) and Centre Jurisdiction (99) as places of supply of their own', () => {
    expect(gstinStateName('97AAPFU0939F1ZV')).toBe('Other Territory');
    expect(gstinStateName('99AAPFU0939F1ZV')).toBe('Centre Jurisdiction');
    expect(placeOfSupplyCode('Other Territory')).toBe('97');
    expect(placeOfSupplyCode('Centre Jurisdiction')).toBe('99');
    expect(placeOfSupplyCode('Maharashtra')).toBe('27');
    expect(placeOfSupplyCode('Atlantis')).toBeUndefined();
    for (const place of ['Other Territory', 'Centre Jurisdiction']) {
      expect(billingStateNames).not.toContain(place);
    }
  });

  it('is inter-state only when the place of supply is another state', () => {
    expect(isInterState('Delhi', 'Delhi')).toBe(false);
    expect(isInterState('Delhi', 'Maharashtra')).toBe(true);
  });

  it("takes the billing state as the place of supply, else the store's", () => {
    expect(placeOfSupply('Delhi', { billingState: 'Karnataka' })).toBe('Karnataka');
    expect(placeOfSupply('Delhi', { billingState: null })).toBe('Delhi');
    expect(placeOfSupply('Delhi', { billingState: 'Narnia' })).toBe('Delhi');
  });

  it("takes a registered buyer's GSTIN state as the place of supply, wherever it is billed", () => {
    expect(placeOfSupply('Delhi', { billingState: 'Karnataka', gstin: '27AAPFU0939F1ZV' })).toBe(
      'Maharashtra',
    );
    expect(placeOfSupply('Delhi', { billingState: 'Karnataka', gstin: '07AAPFU0939F1ZX' })).toBe(
      'Delhi',
    );
    expect(placeOfSupply('Delhi', { billingState: 'Karnataka', gstin: null })).toBe('Karnataka');
    const otherTerritory = placeOfSupply('Delhi', {
      billingState: 'Delhi',
      gstin: '97AABCQ1234R1ZX',
    });
    expect(otherTerritory).toBe('Other Territory');
    expect(isInterState('Delhi', otherTerritory)).toBe(true);
  });
});
