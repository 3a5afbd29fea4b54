// A PIN code and the states its India Post zone serves, apart from validators.ts, which every
// page's shell loads: only the address forms, in lazy chunks, check them (decision 0097).

/** A PIN code: 6 digits, the first not 0. */
export const PIN_CODE_SHAPE = /^[1-9]\d{5}$/;

/**
 * India Post's PIN zones: the first digit of a PIN code, a name for the zone, and the states and
 * union territories of `states` it serves. Zone 9, the Army Postal Service, is any state's.
 * Puducherry is in two: Yanam's PIN codes (533) are zone 5, the rest zone 6.
 */
const pinZones: ReadonlyArray<{ digit: string; name: string; states: readonly string[] }> = [
  {
    digit: '1',
    name: 'Delhi',
    states: [
      'Delhi',
      'Haryana',
      'Punjab',
      'Himachal Pradesh',
      'Jammu & Kashmir',
      'Ladakh',
      'Chandigarh',
    ],
  },
  { digit: '2', name: 'Uttar Pradesh', states: ['Uttar Pradesh', 'Uttarakhand'] },
  {
    digit: '3',
    name: 'Rajasthan and Gujarat',
    states: ['Rajasthan', 'Gujarat', 'Dadra & Nagar Haveli and Daman & Diu'],
  },
  {
    digit: '4',
    name: 'Maharashtra and Madhya Pradesh',
    states: ['Maharashtra', 'Madhya Pradesh', 'Chhattisgarh', 'Goa'],
  },
  {
    digit: '5',
    name: 'Andhra Pradesh, Telangana and Karnataka',
    states: ['Andhra Pradesh', 'Telangana', 'Karnataka', 'Puducherry'],
  },
  {
    digit: '6',
    name: 'Tamil Nadu and Kerala',
    states: ['Tamil Nadu', 'Kerala', 'Puducherry', 'Lakshadweep'],
  },
  {
    digit: '7',
    name: 'West Bengal and North-East',
    states: [
      'West Bengal',
      'Odisha',
      'Assam',
      'Arunachal Pradesh',
      'Manipur',
      'Meghalaya',
      'Mizoram',
      'Nagaland',
      'Tripura',
      'Sikkim',
      'Andaman & Nicobar',
    ],
  },
  { digit: '8', name: 'Bihar and Jharkhand', states: ['Bihar', 'Jharkhand'] },
];

/** The first digits of the PIN codes a state's addresses have (its zones; 9 is any state's). */
export function pinCodeFirstDigits(state: string): string[] {
  return pinZones.filter((zone) => zone.states.includes(state)).map((zone) => zone.digit);
}

/**
 * What is wrong with a PIN code (of PIN_CODE_SHAPE) for a state of `states`, in words, or null:
 * its first digit names an India Post zone that does not serve the state. The state decides
 * CGST + SGST or IGST, so a slip in either is caught before an invoice is made (decision 0097).
 */
export function pinCodeStateProblem(pinCode: string, state: string): string | null {
  const zone = pinZones.find((candidate) => candidate.digit === pinCode.charAt(0));
  const known = pinCodeFirstDigits(state).length > 0;
  if (!PIN_CODE_SHAPE.test(pinCode) || !zone || !known || zone.states.includes(state)) return null;
  return `PIN code ${pinCode} is in the ${zone.name} zone (${zone.digit}), not ${state}: check the PIN code or the state.`;
}
