export interface City {
  name: string;
  slug: string;
}

export interface State {
  name: string;
  slug: string;
  cities: readonly City[];
}

export interface PopularCity {
  name: string;
  slug: string;
  stateName: string;
  stateSlug: string;
  /** `${stateSlug}/${citySlug}`, as used under /vip-numbers/. */
  path: string;
}

/** Lower case, `&` becomes `and`, each other run of non-letters and non-digits one hyphen. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

// The 28 states and 8 union territories, alphabetically, each with its major cities.
const citiesByState: Readonly<Record<string, readonly string[]>> = {
  'Andaman & Nicobar': ['Port Blair'],
  'Andhra Pradesh': [
    'Visakhapatnam',
    'Vijayawada',
    'Guntur',
    'Nellore',
    'Kurnool',
    'Tirupati',
    'Rajahmundry',
    'Kakinada',
    'Anantapur',
    'Kadapa',
  ],
  'Arunachal Pradesh': ['Itanagar', 'Naharlagun', 'Pasighat', 'Tawang'],
  Assam: ['Guwahati', 'Dibrugarh', 'Silchar', 'Jorhat', 'Nagaon', 'Tezpur', 'Tinsukia'],
  Bihar: ['Patna', 'Gaya', 'Bhagalpur', 'Muzaffarpur', 'Darbhanga', 'Purnia', 'Begusarai', 'Arrah'],
  Chandigarh: ['Chandigarh'],
  Chhattisgarh: ['Raipur', 'Bhilai', 'Bilaspur', 'Korba', 'Durg', 'Rajnandgaon'],
  'Dadra & Nagar Haveli and Daman & Diu': ['Daman', 'Diu', 'Silvassa'],
  Delhi: [
    'New Delhi',
    'Dwarka',
    'Rohini',
    'Saket',
    'Karol Bag',
    'Connaught Place',
    'Janakpuri',
    'Laxmi Nagar',
    'Pitampura',
    'Vasant Kunj',
  ],
  Goa: ['Panaji', 'Margao', 'Vasco da Gama', 'Mapusa', 'Ponda'],
  Gujarat: [
    'Ahmedabad',
    'Surat',
    'Vadodara',
    'Rajkot',
    'Bhavnagar',
    'Jamnagar',
    'Gandhinagar',
    'Junagadh',
    'Anand',
    'Bharuch',
  ],
  Haryana: [
    'Gurugram',
    'Faridabad',
    'Panipat',
    'Ambala',
    'Karnal',
    'Hisar',
    'Rohtak',
    'Sonipat',
    'Panchkula',
    'Yamunanagar',
  ],
  'Himachal Pradesh': ['Shimla', 'Dharamshala', 'Solan', 'Mandi', 'Kullu', 'Manali', 'Baddi'],
  'Jammu & Kashmir': ['Srinagar', 'Jammu', 'Anantnag', 'Baramulla', 'Udhampur', 'Kathua'],
  Jharkhand: ['Ranchi', 'Jamshedpur', 'Dhanbad', 'Bokaro', 'Deoghar', 'Hazaribagh'],
  Karnataka: [
    'Bengaluru',
    'Mysuru',
    'Mangaluru',
    'Hubballi',
    'Belagavi',
    'Kalaburagi',
    'Davanagere',
    'Ballari',
    'Shivamogga',
    'Udupi',
  ],
  Kerala: [
    'Thiruvananthapuram',
    'Kochi',
    'Kozhikode',
    'Thrissur',
    'Kollam',
    'Kannur',
    'Alappuzha',
    'Palakkad',
    'Kottayam',
    'Malappuram',
  ],
  Ladakh: ['Leh', 'Kargil'],
  Lakshadweep: ['Kavaratti'],
  'Madhya Pradesh': [
    'Indore',
    'Bhopal',
    'Jabalpur',
    'Gwalior',
    'Ujjain',
    'Sagar',
    'Rewa',
    'Satna',
    'Ratlam',
    'Dewas',
  ],
  Maharashtra: [
    'Mumbai',
    'Pune',
    'Nagpur',
    'Thane',
    'Nashik',
    'Navi Mumbai',
    'Aurangabad',
    'Solapur',
    'Kolhapur',
    'Amravati',
  ],
  Manipur: ['Imphal', 'Thoubal', 'Churachandpur'],
  Meghalaya: ['Shillong', 'Tura', 'Jowai'],
  Mizoram: ['Aizawl', 'Lunglei', 'Champhai'],
  Nagaland: ['Kohima', 'Dimapur', 'Mokokchung'],
  Odisha: ['Bhubaneswar', 'Cuttack', 'Rourkela', 'Berhampur', 'Sambalpur', 'Puri', 'Balasore'],
  Puducherry: ['Puducherry', 'Karaikal', 'Mahe', 'Yanam'],
  Punjab: [
    'Ludhiana',
    'Amritsar',
    'Jalandhar',
    'Patiala',
    'Bathinda',
    'Mohali',
    'Pathankot',
    'Hoshiarpur',
  ],
  Rajasthan: [
    'Jaipur',
    'Jodhpur',
    'Udaipur',
    'Kota',
    'Ajmer',
    'Bikaner',
    'Alwar',
    'Bhilwara',
    'Sikar',
    'Bharatpur',
  ],
  Sikkim: ['Gangtok', 'Namchi'],
  'Tamil Nadu': [
    'Chennai',
    'Coimbatore',
    'Madurai',
    'Tiruchirappalli',
    'Salem',
    'Tiruppur',
    'Erode',
    'Vellore',
    'Tirunelveli',
    'Thoothukudi',
  ],
  Telangana: [
    'Hyderabad',
    'Warangal',
    'Nizamabad',
    'Karimnagar',
    'Khammam',
    'Ramagundam',
    'Mahbubnagar',
    'Nalgonda',
  ],
  Tripura: ['Agartala', 'Dharmanagar', 'Udaipur', 'Kailashahar'],
  'Uttar Pradesh': [
    'Lucknow',
    'Kanpur',
    'Noida',
    'Ghaziabad',
    'Agra',
    'Varanasi',
    'Prayagraj',
    'Meerut',
    'Bareilly',
    'Aligarh',
  ],
  Uttarakhand: ['Dehradun', 'Haridwar', 'Roorkee', 'Haldwani', 'Rishikesh', 'Rudrapur', 'Nainital'],
  'West Bengal': [
    'Kolkata',
    'Howrah',
    'Durgapur',
    'Asansol',
    'Siliguri',
    'Bardhaman',
    'Kharagpur',
    'Haldia',
  ],
};

const toPlace = (name: string): City => ({ name, slug: slugify(name) });

export const states: readonly State[] = Object.entries(citiesByState).map(([name, cities]) => ({
  ...toPlace(name),
  cities: cities.map(toPlace),
}));

export function findState(stateSlug: string): State | undefined {
  return states.find((state) => state.slug === stateSlug);
}

export function findCity(
  stateSlug: string,
  citySlug: string,
): { state: State; city: City } | undefined {
  const state = findState(stateSlug);
  const city = state?.cities.find((candidate) => candidate.slug === citySlug);
  return state && city ? { state, city } : undefined;
}

const popularCityPaths = [
  'maharashtra/mumbai',
  'delhi/new-delhi',
  'karnataka/bengaluru',
  'telangana/hyderabad',
  'tamil-nadu/chennai',
  'west-bengal/kolkata',
  'maharashtra/pune',
  'gujarat/ahmedabad',
  'rajasthan/jaipur',
  'uttar-pradesh/lucknow',
  'uttar-pradesh/noida',
  'haryana/gurugram',
  'chandigarh/chandigarh',
  'gujarat/surat',
  'madhya-pradesh/indore',
  'madhya-pradesh/bhopal',
  'maharashtra/nagpur',
  'bihar/patna',
  'kerala/kochi',
  'tamil-nadu/coimbatore',
  'andhra-pradesh/visakhapatnam',
  'maharashtra/thane',
  'punjab/ludhiana',
  'assam/guwahati',
];

// Looked up in `states` so that the footer's popular cities can never name a city the state lacks.
export const popularCities: readonly PopularCity[] = popularCityPaths.map((path) => {
  const [stateSlug = '', citySlug = ''] = path.split('/');
  const found = findCity(stateSlug, citySlug);
  if (!found) throw new Error(`Popular city ${path} is not listed in states`);
  return {
    name: found.city.name,
    slug: found.city.slug,
    stateName: found.state.name,
    stateSlug: found.state.slug,
    path,
  };
});
