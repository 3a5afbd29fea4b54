import { states } from './locations';

/**
 * The GST state codes (the first two digits of a GSTIN) of the states and union territories in
 * `states`, by name. Andhra Pradesh is 37 since 2014 (28 was the undivided state); the merged
 * Dadra & Nagar Haveli and Daman & Diu is 26.
 */
const gstCodeByState: Readonly<Record<string, string>> = {
  'Jammu & Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra & Nagar Haveli and Daman & Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman & Nicobar': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** The names of the states a billing address may name, in the order of `states`. */
export const billingStateNames: readonly string[] = states.map((state) => state.name);

/** A state's GST code (`27` for Maharashtra), or undefined for a name not in `states`. */
export function gstStateCode(stateName: string): string | undefined {
  return gstCodeByState[stateName];
}

/**
 * GSTIN codes that name no billing state. Two are codes a state had before a change (25: Daman &
 * Diu, merged into 26 in 2020; 28: the undivided Andhra Pradesh), and the GSTIN stands for the
 * state now. Two are places of supply of their own, another state than any store's (IGST).
 */
const formerStateCodes: Readonly<Record<string, string>> = {
  '25': 'Dadra & Nagar Haveli and Daman & Diu',
  '28': 'Andhra Pradesh',
};
const placesOfTheirOwn: Readonly<Record<string, string>> = {
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

/**
 * The place a GSTIN was registered in, by its first two digits: a state of `states`, Other
 * Territory (97) or Centre Jurisdiction (99); undefined for a code GST does not use.
 */
export function gstinStateName(gstin: string): string | undefined {
  const code = gstin.slice(0, 2);
  return (
    Object.keys(gstCodeByState).find((name) => gstCodeByState[name] === code) ??
    formerStateCodes[code] ??
    placesOfTheirOwn[code]
  );
}

/** The GST code of a place of supply (a state of `states`, or a place of its own), as invoices print it. */
export function placeOfSupplyCode(place: string): string | undefined {
  return (
    gstStateCode(place) ??
    Object.keys(placesOfTheirOwn).find((code) => placesOfTheirOwn[code] === place)
  );
}

/** Place of supply (a state name) in another state than the store's: IGST rather than CGST + SGST. */
export function isInterState(storeState: string, placeOfSupply: string): boolean {
  return storeState !== placeOfSupply;
}

/**
 * The place of supply of a sale: for a registered buyer, the state of its GSTIN (wherever the
 * billing address is); else the buyer's billing state when it is one of `states`; else the
 * store's own (a buyer who gave no address pays CGST + SGST, as a sale over the counter).
 */
export function placeOfSupply(
  storeState: string,
  buyer: { billingState?: string | null; gstin?: string | null },
): string {
  const registered = buyer.gstin ? gstinStateName(buyer.gstin) : undefined;
  if (registered) return registered;
  const { billingState } = buyer;
  return billingState && gstStateCode(billingState) ? billingState : storeState;
}
