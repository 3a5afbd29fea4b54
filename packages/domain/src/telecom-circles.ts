import { UPC_VALIDITY_DAYS } from './porting';

/**
 * The telecom circle (the Department of Telecommunications' licensed service area) that issues a
 * state's mobile numbers, and how the circle is shared or split where a buyer would not guess it.
 * A state not listed has a circle of its own name and nothing to add.
 */
interface StateCircle {
  circle: string;
  note?: string;
}

const northEast: StateCircle = {
  circle: 'North East',
  note: 'The circle covers Arunachal Pradesh, Manipur, Meghalaya, Mizoram, Nagaland and Tripura.',
};

const circlesByState: Readonly<Record<string, StateCircle>> = {
  'Andaman & Nicobar': {
    circle: 'West Bengal',
    note: 'The circle also covers West Bengal outside Kolkata, and Sikkim.',
  },
  'Andhra Pradesh': { circle: 'Andhra Pradesh', note: 'The circle also covers Telangana.' },
  'Arunachal Pradesh': northEast,
  Bihar: { circle: 'Bihar', note: 'The circle also covers Jharkhand.' },
  Chandigarh: { circle: 'Punjab' },
  Chhattisgarh: { circle: 'Madhya Pradesh' },
  'Dadra & Nagar Haveli and Daman & Diu': { circle: 'Gujarat' },
  Delhi: {
    circle: 'Delhi',
    note: 'The circle also covers Noida, Ghaziabad, Gurugram and Faridabad.',
  },
  Goa: { circle: 'Maharashtra', note: 'The circle also covers Maharashtra outside Mumbai.' },
  Gujarat: {
    circle: 'Gujarat',
    note: 'The circle also covers Dadra & Nagar Haveli and Daman & Diu.',
  },
  Haryana: {
    circle: 'Haryana',
    note: 'Gurugram and Faridabad belong to the Delhi circle.',
  },
  'Jammu & Kashmir': { circle: 'Jammu & Kashmir', note: 'The circle also covers Ladakh.' },
  Jharkhand: { circle: 'Bihar' },
  Kerala: { circle: 'Kerala', note: 'The circle also covers Lakshadweep.' },
  Ladakh: { circle: 'Jammu & Kashmir' },
  Lakshadweep: { circle: 'Kerala' },
  'Madhya Pradesh': { circle: 'Madhya Pradesh', note: 'The circle also covers Chhattisgarh.' },
  Maharashtra: {
    circle: 'Maharashtra',
    note: 'Mumbai, Navi Mumbai, Thane and Kalyan form the Mumbai circle of their own; the Maharashtra circle also covers Goa.',
  },
  Manipur: northEast,
  Meghalaya: northEast,
  Mizoram: northEast,
  Nagaland: northEast,
  Puducherry: { circle: 'Tamil Nadu' },
  Punjab: { circle: 'Punjab', note: 'The circle also covers Chandigarh.' },
  Sikkim: { circle: 'West Bengal' },
  'Tamil Nadu': { circle: 'Tamil Nadu', note: 'Chennai is part of the circle.' },
  Telangana: { circle: 'Andhra Pradesh' },
  Tripura: northEast,
  'Uttar Pradesh': {
    circle: 'UP East and UP West',
    note: 'Noida and Ghaziabad belong to the Delhi circle.',
  },
  Uttarakhand: { circle: 'UP West' },
  'West Bengal': {
    circle: 'West Bengal',
    note: 'Kolkata is a circle of its own; the West Bengal circle also covers Sikkim and Andaman & Nicobar.',
  },
};

// Where porting takes longer and a porting code lasts 30 days (domain.md §4).
const slowPortingStates = new Set([
  'Jammu & Kashmir',
  'Ladakh',
  'Assam',
  'Arunachal Pradesh',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
]);

/** Whether porting takes longer in this state (J&K, Ladakh, Assam, the North-East): domain.md §4. */
export const isSlowPortingState = (stateName: string): boolean => slowPortingStates.has(stateName);

/** What a buyer in a state should know about its numbers and porting there. */
export interface PortingInState {
  /** "the Maharashtra telecom circle", "the UP East and UP West telecom circles". */
  circle: string;
  /** How the circle is shared or split, when it is. */
  circleNote?: string;
  /** How long the SIM takes to become active after porting. */
  activation: string;
  /** How many days a porting code issued there stays valid. */
  upcValidityDays: number;
}

/** Porting facts for a state named as in `states`. */
export function portingInState(stateName: string): PortingInState {
  const found = circlesByState[stateName] ?? { circle: stateName };
  const slow = isSlowPortingState(stateName);
  const plural = found.circle.includes(' and ');
  return {
    circle: `the ${found.circle} telecom circle${plural ? 's' : ''}`,
    circleNote: found.note,
    activation: slow ? 'up to 15 days' : '3 to 5 working days',
    upcValidityDays: slow ? UPC_VALIDITY_DAYS.northEastAndJk : UPC_VALIDITY_DAYS.standard,
  };
}
