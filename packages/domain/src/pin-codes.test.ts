import { describe, expect, it } from 'vitest';
import { states } from './locations';
import { pinCodeFirstDigits, pinCodeStateProblem } from './pin-codes';

describe('pinCodeStateProblem', () => {
  it('knows a zone for every state and union territory the store lists, by the same names', () => {
    for (const { name } of states) expect(pinCodeFirstDigits(name), name).not.toEqual([]);
    expect(pinCodeFirstDigits('Puducherry')).toEqual(['5', '6']);
    expect(pinCodeFirstDigits('Orissa')).toEqual([]);
  });

  it.each([
    ['110001', 'Delhi'],
    ['160017', 'Chandigarh'],
    ['194101', 'Ladakh'],
    ['248001', 'Uttarakhand'],
    ['396210', 'Dadra & Nagar Haveli and Daman & Diu'],
    ['403001', 'Goa'],
    ['411001', 'Maharashtra'],
    ['500001', 'Telangana'],
    ['533464', 'Puducherry'],
    ['605001', 'Puducherry'],
    ['682555', 'Lakshadweep'],
    ['737101', 'Sikkim'],
    ['744101', 'Andaman & Nicobar'],
    ['834001', 'Jharkhand'],
    ['930001', 'Maharashtra'],
    ['999001', 'Kerala'],
  ])('accepts %s in %s', (pinCode, state) => {
    expect(pinCodeStateProblem(pinCode, state)).toBeNull();
  });

  it.each([
    [
      '110001',
      'Maharashtra',
      'PIN code 110001 is in the Delhi zone (1), not Maharashtra: check the PIN code or the state.',
    ],
    [
      '560001',
      'Tamil Nadu',
      'PIN code 560001 is in the Andhra Pradesh, Telangana and Karnataka zone (5), not Tamil Nadu: check the PIN code or the state.',
    ],
    [
      '400001',
      'Gujarat',
      'PIN code 400001 is in the Maharashtra and Madhya Pradesh zone (4), not Gujarat: check the PIN code or the state.',
    ],
    [
      '781001',
      'Bihar',
      'PIN code 781001 is in the West Bengal and North-East zone (7), not Bihar: check the PIN code or the state.',
    ],
  ])('refuses %s in %s', (pinCode, state, problem) => {
    expect(pinCodeStateProblem(pinCode, state)).toBe(problem);
  });

  it('leaves a PIN code of another shape and an unknown state to their own checks', () => {
    expect(pinCodeStateProblem('011001', 'Maharashtra')).toBeNull();
    expect(pinCodeStateProblem('110001', 'Gondwana')).toBeNull();
  });
});
