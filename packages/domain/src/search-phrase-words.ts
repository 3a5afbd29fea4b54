import type { CategorySlug } from './categories';
import type { NumberSort } from './search-filters';

/**
 * The words the search-phrase parser knows (docs/decisions/0009). Each phrase is lower case,
 * words separated by one space; a typed word may join several of them ("abab" reads as "ab ab",
 * "semimirror" as "semi mirror"). Change the store's vocabulary here, not in the parser.
 */

/** Dropped without a trace: they carry no filter, and nobody wants to see them listed. */
export const fillerWords: ReadonlySet<string> = new Set(
  (
    'a an the i me my we you u it this that these those is are am be can could would will ' +
    'want wanted need needed show find search searching looking look get buy give list see ' +
    'for of in on at and to with by as from please pls plz kindly hi hello sir madam ji ' +
    'number numbers mobile mobiles phone phones cell sim card vip fancy premium special ' +
    'golden choice good best nice beautiful lovely all any some only also just like type ' +
    'category categories pattern patterns digit digits price prices rate cost range must ' +
    'rs inr rupees rupee rupaye ₹ ' +
    'ka ki ke wala wale waala waale wali waali vala vale chahiye chahie chaiye mujhe hume ' +
    'humein koi bhi hai hain ho do dikhao dikhaiye batao se pe par me mein jisme jismein jo ' +
    'aur ek starting starts start ending ends end dob date birth born birthday janam'
  ).split(' '),
);

/** Words allowed between an operator and its operand: "ending with 786", "starting at 20k". */
export const linkWords: ReadonlySet<string> = new Set(
  'with in from at as is of by the to hai ho mein me digit digits number numbers equal equals exactly'.split(
    ' ',
  ),
);

/** Hinglish postpositions between an operand and its operator: "98 se start", "7 ka total". */
export const postpositions: ReadonlySet<string> = new Set(
  'ka ki ke se pe par me mein at in the on'.split(' '),
);

/** "mobile no 786": "no" after these words means "number", not "without". */
export const numberNouns: ReadonlySet<string> = new Set(
  'mobile mob phone cell contact sim whatsapp'.split(' '),
);

/** Separators of a digit list: "no 2, 4 and 8". */
export const listWords: ReadonlySet<string> = new Set('and or aur ya'.split(' '));

export type Operator =
  | 'start'
  | 'end'
  | 'contains'
  | 'notContain'
  | 'total'
  | 'sum'
  | 'mid'
  | 'maxPrice'
  | 'minPrice'
  | 'between';

/** Operators written before their operand: "ending 786", "under 20k", "total 9". */
export const prefixOperators: Readonly<Record<Operator, readonly string[]>> = {
  start: [
    'starting',
    'starts',
    'start',
    'begins',
    'begin',
    'beginning',
    'first',
    'prefix',
    'series',
  ],
  end: ['ending', 'ends', 'end', 'last', 'in the end', 'at the end', 'at end', 'in end', 'suffix'],
  contains: [
    'with',
    'containing',
    'contains',
    'contain',
    'has',
    'having',
    'have',
    'including',
    'includes',
    'include',
    'jisme',
    'jismein',
  ],
  notContain: [
    'without',
    'no',
    'not',
    'except',
    'avoid',
    'avoiding',
    'excluding',
    'exclude',
    'bina',
    'dont want',
    'don t want',
    'do not want',
  ],
  total: ['total', 'totals', 'lucky number', 'lucky no', 'lucky', 'numerology', 'root'],
  sum: ['sum', 'digit sum'],
  mid: ['mid'],
  maxPrice: [
    'under',
    'below',
    'less than',
    'lesser than',
    'upto',
    'up to',
    'till',
    'max',
    'maximum',
    'within',
    'budget',
    'not more than',
    'at most',
    '<',
  ],
  minPrice: [
    'above',
    'over',
    'more than',
    'greater than',
    'min',
    'minimum',
    'from',
    'at least',
    'atleast',
    '>',
  ],
  between: ['between', 'price range'],
};

/** Operators written after their operand: "786 wala", "7 ka total", "20k tak", "98 series". */
export const postfixOperators: Readonly<Partial<Record<Operator, readonly string[]>>> = {
  start: ['starting', 'start', 'first', 'series', 'shuru'],
  end: ['ending', 'end', 'last', 'khatam'],
  contains: ['wala', 'wale', 'waala', 'waale', 'wali', 'waali', 'vala', 'vale'],
  notContain: ['nahi', 'nahin', 'nai', 'not'],
  total: ['total'],
  sum: ['sum'],
  mid: ['mid'],
  maxPrice: [
    'tak',
    'kam',
    'andar',
    'neeche',
    'niche',
    'max',
    'maximum',
    'or less',
    'and less',
    'or below',
    'and below',
    'and under',
  ],
  minPrice: [
    'upar',
    'zyada',
    'jyada',
    'plus',
    '+',
    'or more',
    'and more',
    'or above',
    'and above',
    'onwards',
    'upwards',
    'and up',
    'min',
    'minimum',
  ],
};

/** Words between two prices of a range: "10k to 50k", "10k-50k", "10k se 50k". */
export const rangeWords: ReadonlySet<string> = new Set(['to', '-', 'se', 'till', 'until']);

export const currencyWords: ReadonlySet<string> = new Set([
  '₹',
  'rs',
  'inr',
  'rupees',
  'rupee',
  'rupaye',
]);

/** Rupees per unit word: 20k, 1.5 lakh, 2 lac, 1 crore. */
export const priceUnits: ReadonlyMap<string, number> = new Map([
  ...['k', 'thousand', 'hazar', 'hazaar', 'hajar'].map((w) => [w, 1_000] as const),
  ...['l', 'lakh', 'lakhs', 'lac', 'lacs'].map((w) => [w, 100_000] as const),
  ...['cr', 'crore', 'crores', 'karod'].map((w) => [w, 10_000_000] as const),
]);

/** What a fixed phrase means: a category, an order or the offer zone. */
export type PhraseMeaning =
  { kind: 'category'; slug: CategorySlug } | { kind: 'sort'; sort: NumberSort } | { kind: 'offer' };

const category = (slug: CategorySlug, ...words: string[]) =>
  words.map((phrase) => [phrase, { kind: 'category', slug }] as const);

const sort = (value: NumberSort, ...words: string[]) =>
  words.map((phrase) => [phrase, { kind: 'sort', sort: value }] as const);

/** "N same digits" for the run categories: "4 same digits", "four same digit", "4 same". */
const sameDigits = (slug: CategorySlug, digit: string, word: string) =>
  category(
    slug,
    ...[digit, word].flatMap((n) => [`${n} same digits`, `${n} same digit`, `${n} same`]),
  );

/**
 * "786" and "108" are not here: alone they are read as their category when the phrase names no
 * other category, else as digits (see the parser). "without 248" is the digit filter, not the
 * category: see docs/decisions/0009.
 */
export const fixedPhrases: ReadonlyMap<string, PhraseMeaning> = new Map<string, PhraseMeaning>([
  ...category('mirror-numbers', 'mirror', 'mirror image'),
  ...category('semi-mirror-numbers', 'semi mirror', 'half mirror'),
  ...category('two-digit-numbers', 'two digit', 'two digits', '2 digit', '2 digits'),
  ...category('three-digit-numbers', 'three digit', 'three digits', '3 digit', '3 digits'),
  ...category('counting-numbers', 'counting', 'sequence', 'sequential', 'ascending', 'descending'),
  ...category('doubling-numbers', 'doubling', 'double', 'doubles'),
  ...category('ab-ab-xy-xy-numbers', 'ab ab xy xy', 'ab ab cd cd', 'xy xy'),
  ...category('ab-ab-ab-numbers', 'ab ab ab', 'ab ab'),
  ...category('start-ab-ab-numbers', 'start ab ab', 'starting ab ab'),
  ...category('middle-ab-ab-numbers', 'middle ab ab', 'mid ab ab'),
  ...category('ending-ab-ab-numbers', 'ending ab ab', 'end ab ab'),
  ...category('abc-abc-abc-numbers', 'abc abc abc'),
  ...category('abc-abc-numbers', 'abc abc'),
  ...category('aaa-bbb-numbers', 'aaa bbb'),
  ...category('triple', 'triple', 'triples', 'triplet'),
  ...sameDigits('triple', '3', 'three'),
  ...category('tetra', 'tetra'),
  ...sameDigits('tetra', '4', 'four'),
  ...category('penta', 'penta'),
  ...sameDigits('penta', '5', 'five'),
  ...category('hexa', 'hexa'),
  ...sameDigits('hexa', '6', 'six'),
  ...category('septa', 'septa'),
  ...sameDigits('septa', '7', 'seven'),
  ...category('octa', 'octa'),
  ...sameDigits('octa', '8', 'eight'),
  ...category('unique-numbers', 'unique'),
  ...sort(
    'price_asc',
    'cheap',
    'cheaper',
    'cheapest',
    'low price',
    'lowest price',
    'lowest',
    'low to high',
    'affordable',
    'inexpensive',
    'least expensive',
    'not expensive',
    'sasta',
    'saste',
    'sasti',
  ),
  ...sort(
    'price_desc',
    'expensive',
    'most expensive',
    'costly',
    'costliest',
    'high price',
    'highest price',
    'highest',
    'high to low',
    'mehenga',
    'mehnga',
    'mehange',
    'mahanga',
  ),
  ...sort(
    'newest',
    'new',
    'newest',
    'latest',
    'recent',
    'recently added',
    'just added',
    'naya',
    'naye',
    'nayi',
  ),
  ...[
    'offer',
    'offers',
    'offer zone',
    'discount',
    'discounts',
    'discounted',
    'sale',
    'deal',
    'deals',
  ].map((phrase) => [phrase, { kind: 'offer' }] as const),
]);
