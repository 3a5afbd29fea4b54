import { birthNumbers, birthTotals, parseBirthDate, type CalendarDate } from './birth-numerology';
import type { CategorySlug } from './categories';
import { indiaDay } from './dates';
import { formatInr } from './money';
import {
  digitsLabel,
  filterLabels,
  MAX_PRICE,
  numerologyRanges,
  searchFiltersToQuery,
  type DigitMatch,
  type FilterKey,
  type SearchFilters,
} from './search-filters';
import {
  currencyWords,
  fillerWords,
  fixedPhrases,
  linkWords,
  listWords,
  numberNouns,
  postfixOperators,
  postpositions,
  prefixOperators,
  priceUnits,
  rangeWords,
  type Operator,
  type PhraseMeaning,
} from './search-phrase-words';
import { MAX_PHRASE_LENGTH } from './search-box';
import { normalizeMobile } from './validators';

/**
 * Plain-language search: "ending 786 under 20k", "7 ka total", "between 10k and 50k" -> the
 * listing filters. Deterministic and pure; the grammar, the conflict rules and the ambiguous
 * words are in docs/decisions/0009-search-phrases-and-birth-numerology.md.
 */

/** What one part of the phrase set: a chip the buyer can remove. */
export type UnderstoodFilter = {
  [K in FilterKey]: {
    filter: K;
    /** What this part of the phrase contributed (a range gives a minPrice and a maxPrice entry). */
    value: NonNullable<SearchFilters[K]>;
    label: string;
    /** The words it came from, as typed. */
    source: string;
  };
}[FilterKey];

export interface ParsedSearch {
  filters: SearchFilters;
  /** In the order of the phrase. */
  understood: UnderstoodFilter[];
  /** Words and phrases not used, in order, as typed (filler words are left out). */
  ignored: string[];
  /** Why a part of the phrase was set aside when it was understood but could not be used. */
  notes: string[];
}

// -----------------------------------------------------------------------------------------------
// Tokens

type TokenKind =
  'word' | 'digits' | 'decimal' | 'grouped' | 'digitList' | 'mask' | 'date' | 'symbol' | 'other';

interface Token {
  /** As typed. */
  text: string;
  /** Lower case; a mask with its wildcards as `?`. */
  word: string;
  kind: TokenKind;
  start: number;
  end: number;
}

const maskPattern = /^(?=.*\d)(?=.*[?x*_])[\d?x*_]{10}$/i;
/** 14-08-1990, 14/8/1990, 14.08.1990 (the Indian order), one separator throughout. */
const dayFirstDate = /^(?<day>\d{1,2})([-/.])(?<month>\d{1,2})\2(?<year>\d{4})$/;
/** 1990-08-14 (ISO). */
const yearFirstDate = /^(?<year>\d{4})([-/.])(?<month>\d{1,2})\2(?<day>\d{1,2})$/;
const piecePattern = /\d+(?:[.,]\d+)*|[\p{L}\p{M}]+|[₹+<>]|[-–—]/gu;
const outerPunctuation = /^[("'“”‘’[\]{},.;:!]+|[("'“”‘’[\]{},.;:!]+$/g;

function numberKind(text: string): TokenKind {
  if (/^\d+$/.test(text)) return 'digits';
  if (/^\d+\.\d+$/.test(text)) return 'decimal';
  // 20,000 or 1,00,000 (Indian grouping).
  if (/^\d{1,3}(?:,\d{3})+$/.test(text) || /^\d{1,2}(?:,\d{2})*,\d{3}$/.test(text)) {
    return 'grouped';
  }
  if (/^\d(?:,\d)+$/.test(text)) return 'digitList';
  return 'other';
}

function pieceKind(text: string): TokenKind {
  if (/^\d/.test(text)) return numberKind(text);
  if (/^[\p{L}\p{M}]/u.test(text)) return 'word';
  return 'symbol';
}

/** A date's parts as `YYYY-MM-DD` (its token's word), or undefined when `text` is no date. */
function dateWord(text: string): string | undefined {
  const parts = (dayFirstDate.exec(text) ?? yearFirstDate.exec(text))?.groups;
  if (!parts) return undefined;
  const pad = (part = '') => part.padStart(2, '0');
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const chunk of text.matchAll(/\S+/g)) {
    const core = chunk[0].replace(outerPunctuation, '');
    const at = { text: core, start: chunk.index + chunk[0].indexOf(core) };
    const whole = { ...at, end: at.start + core.length };
    if (maskPattern.test(core)) {
      tokens.push({ ...whole, word: core.replace(/[x*_]/gi, '?'), kind: 'mask' });
      continue;
    }
    const date = dateWord(core);
    if (date) {
      tokens.push({ ...whole, word: date, kind: 'date' });
      continue;
    }
    // A hyphen is kept as a range sign ("10k-50k"), dropped inside words ("semi-mirror").
    const keepHyphen = /\d/.test(chunk[0]) || /^[-–—]$/.test(chunk[0]);
    for (const piece of chunk[0].matchAll(piecePattern)) {
      const kind = pieceKind(piece[0]);
      const isHyphen = kind === 'symbol' && /[-–—]/.test(piece[0]);
      if (isHyphen && !keepHyphen) continue;
      const start = chunk.index + piece.index;
      const word = isHyphen ? '-' : piece[0].toLowerCase();
      tokens.push({ text: piece[0], word, kind, start, end: start + piece[0].length });
    }
  }
  return joinWholeNumbers(tokens, text);
}

/** More digits than "+91 98765 43210" has cannot be one number. */
const WHOLE_NUMBER_DIGITS = 12;

/**
 * The 10 digits of a whole number typed from token `i` to token `last`, or undefined. A mobile
 * number as people write one (domain.md §6, normalizeMobile: "+91 98765 43210", "098765-43210",
 * "987-654-3210"), or any 10 digits in groups across spaces ("98765 43210", the way the store
 * prints a number).
 */
function wholeNumberOf(tokens: Token[], i: number, last: number, text: string) {
  const typed = text.slice((tokens[i] as Token).start, (tokens[last] as Token).end);
  const spaced = /^\d[\d\s]*$/.test(typed) ? typed.replace(/\s/g, '') : '';
  return normalizeMobile(typed) ?? (spaced.length === 10 ? spaced : undefined);
}

/**
 * The longest whole number from token `i` (a "+", then digit groups with hyphens or spaces
 * between them), as one 'digits' token and the index of its last token. A hyphen between digit
 * groups that make a mobile number is no price range (decision 0096).
 */
function wholeNumberAt(tokens: Token[], i: number, text: string) {
  const ends: number[] = [];
  let digits = 0;
  for (let j = i; j < tokens.length && digits <= WHOLE_NUMBER_DIGITS; j++) {
    const token = tokens[j] as Token;
    const gap = j === i ? '' : text.slice((tokens[j - 1] as Token).end, token.start);
    const fits = token.kind === 'digits' || token.text === (j === i ? '+' : '-');
    if (!fits || !/^\s*$/.test(gap)) break;
    if (token.kind === 'digits') {
      digits += token.word.length;
      ends.unshift(j);
    }
  }
  for (const last of ends) {
    const number = wholeNumberOf(tokens, i, last, text);
    if (number) {
      const first = tokens[i] as Token;
      const end = (tokens[last] as Token).end;
      const token: Token = {
        ...first,
        kind: 'digits',
        text: text.slice(first.start, end),
        word: number,
        end,
      };
      return { token, last };
    }
  }
  return undefined;
}

/** Each whole number typed in groups, with +91 or 0 before it, becomes one token of its 10 digits. */
function joinWholeNumbers(tokens: Token[], text: string): Token[] {
  const joined: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const number = wholeNumberAt(tokens, i, text);
    joined.push(number?.token ?? (tokens[i] as Token));
    if (number) i = number.last;
  }
  return joined;
}

// -----------------------------------------------------------------------------------------------
// Reading the tokens into intents (what each part of the phrase asks for)

type NumerologyKey = keyof typeof numerologyRanges;

type Meaning =
  | { kind: 'digits'; where: DigitMatch; digits: string; bare: boolean }
  | { kind: 'mustContain' | 'notContain'; digits: string[] }
  | { kind: 'mask'; mask: string }
  | { kind: 'numerology'; key: NumerologyKey; value: number }
  | { kind: 'price'; minPrice?: number; maxPrice?: number }
  /** A date of birth: the totals /numerology lists for it, destiny number first. */
  | { kind: 'birthDate'; totals: number[] }
  | { kind: 'ignored'; why?: string }
  | PhraseMeaning;

/** A meaning and the tokens [from, to) it came from. */
type Intent = Meaning & { from: number; to: number };
type DigitsIntent = Extract<Intent, { kind: 'digits' }>;

interface Read<T> {
  value: T;
  /** The index after the last token read. */
  end: number;
}

interface Amount {
  /** The number as typed, before any unit, without grouping commas: "1.5", "20000". */
  amount: string;
  unit?: number;
  /** Written as money: a currency word or sign, or grouped with commas. */
  money: boolean;
  end: number;
}

/** The digits of "2,4,8" or "248", once each, in order. */
const uniqueDigits = (digits: string) => [...new Set(digits.replace(/\D/g, ''))].sort();

interface Spelling {
  /** The phrase's words run together: "abab" for "ab ab". */
  target: string;
  /** Where its words end in `target`. */
  wordEnds: ReadonlySet<number>;
}

const spellings = new Map<string, Spelling>();

/** The vocabulary is fixed, so each phrase is taken apart once. */
function spellingOf(phrase: string): Spelling {
  let spelling = spellings.get(phrase);
  if (!spelling) {
    const words = phrase.split(' ');
    let length = 0;
    const wordEnds = new Set(words.map((word) => (length += word.length)));
    spelling = { target: words.join(''), wordEnds };
    spellings.set(phrase, spelling);
  }
  return spelling;
}

/**
 * The tokens from `i` that spell `phrase`; one token may spell several of its words ("abab" is
 * "ab ab"), but never part of one. Returns the index after them.
 */
function matchPhrase(tokens: Token[], i: number, phrase: string): number | undefined {
  const { target, wordEnds } = spellingOf(phrase);
  let spelled = '';
  let j = i;
  while (spelled.length < target.length) {
    const token = tokens[j];
    if (!token || token.kind === 'mask') return undefined;
    spelled += token.word;
    j++;
    if (!wordEnds.has(spelled.length) || !target.startsWith(spelled)) return undefined;
  }
  return j;
}

/** The longest of `phrases` at `i`. */
function longestPhrase(tokens: Token[], i: number, phrases: Iterable<string>) {
  let best: { phrase: string; end: number } | undefined;
  for (const phrase of phrases) {
    const end = matchPhrase(tokens, i, phrase);
    if (end !== undefined && (!best || end > best.end)) best = { phrase, end };
  }
  return best;
}

function skipWords(tokens: Token[], i: number, words: ReadonlySet<string>): number {
  let j = i;
  while (tokens[j] && words.has((tokens[j] as Token).word)) j++;
  return j;
}

const isWord = (token: Token | undefined, words: ReadonlySet<string>) =>
  token !== undefined && words.has(token.word);

function readAmount(tokens: Token[], i: number): Amount | undefined {
  let j = i;
  const currencyBefore = isWord(tokens[j], currencyWords);
  if (currencyBefore) j++;
  const number = tokens[j];
  if (!number || !['digits', 'decimal', 'grouped'].includes(number.kind)) return undefined;
  j++;
  const unit = priceUnits.get(tokens[j]?.word ?? '');
  if (unit !== undefined) j++;
  const currencyAfter = isWord(tokens[j], currencyWords);
  if (currencyAfter) j++;
  return {
    amount: number.word.replace(/,/g, ''),
    unit,
    money: currencyBefore || currencyAfter || number.kind === 'grouped',
    end: j,
  };
}

/** Whole rupees, or undefined for 1.2345k and the like. Decimals are scaled as integers. */
function rupeesOf(amount: string, unit = 1): number | undefined {
  const [whole = '', fraction = ''] = amount.split('.');
  const scaled = (Number(whole + fraction) * unit) / 10 ** fraction.length;
  return Number.isInteger(scaled) ? scaled : undefined;
}

/** "10k to 50k", "10-50k" (the unit carries back when that keeps the order), "10k se 50k". */
function readRange(tokens: Token[], i: number, allowAnd: boolean) {
  const low = readAmount(tokens, i);
  if (!low) return undefined;
  const separator = tokens[low.end];
  if (!separator || !(rangeWords.has(separator.word) || (allowAnd && separator.word === 'and'))) {
    return undefined;
  }
  const high = readAmount(tokens, low.end + 1);
  if (!high) return undefined;
  const highRupees = rupeesOf(high.amount, high.unit);
  const carried =
    low.unit === undefined && high.unit !== undefined && Number(low.amount) < Number(high.amount)
      ? high.unit
      : low.unit;
  return {
    value: rangeMeaning(rupeesOf(low.amount, carried), highRupees),
    end: high.end,
    bare: !low.money && !high.money && carried === undefined && high.unit === undefined,
    largest: Math.max(Number(low.amount), Number(high.amount)),
  };
}

/**
 * A range of two bare numbers whose larger is below this ("10-20", "14-08") is no price: no
 * number sells for so little, and such a pair is more often part of a date.
 */
const BARE_RANGE_FLOOR = 1_000;

const notAPrice: Meaning = {
  kind: 'ignored',
  why: `not a price: a price has a unit or a rupee sign ("10k-20k", "₹1,000 to ₹5,000")`,
};

const tooDear = `prices go up to ${formatInr(MAX_PRICE)}`;

function priceMeaning(operator: 'minPrice' | 'maxPrice', rupees: number | undefined): Meaning {
  if (rupees === undefined) return { kind: 'ignored', why: 'not a whole number of rupees' };
  if (rupees > MAX_PRICE) return { kind: 'ignored', why: tooDear };
  return { kind: 'price', [operator]: rupees };
}

/** A range typed the wrong way round ("50k to 10k") is read the right way round. */
function rangeMeaning(low: number | undefined, high: number | undefined): Meaning {
  if (low === undefined || high === undefined) {
    return { kind: 'ignored', why: 'not a whole number of rupees' };
  }
  if (Math.max(low, high) > MAX_PRICE) return { kind: 'ignored', why: tooDear };
  return { kind: 'price', minPrice: Math.min(low, high), maxPrice: Math.max(low, high) };
}

/**
 * A price typed on its own, read as the phrase reads one ("₹2,00,000", "2,00,000", "20k",
 * "2 lakh", "Rs. 1.5L", "20,000/-"), in paise; or why it is none, in a sentence. For the
 * listing's price fields, which decide what to do with paise (decision 0096).
 */
export function readTypedPrice(input: string): { paise: number } | { problem: string } {
  const tokens = tokenize(input);
  const amount = readAmount(tokens, 0);
  // After the amount, only the hyphen of "/-", the Indian way of closing one.
  const closed = tokens.slice(amount?.end).every((token) => token.word === '-');
  const paise = amount && closed ? rupeesOf(amount.amount, (amount.unit ?? 1) * 100) : undefined;
  if (paise === undefined) {
    return { problem: 'Enter an amount in rupees, for example 20000, ₹2,00,000, 20k or 2 lakh.' };
  }
  if (paise > MAX_PRICE * 100) return { problem: `Prices go up to ${formatInr(MAX_PRICE)}.` };
  return { paise };
}

function numerologyMeaning(key: NumerologyKey, digits: string): Meaning {
  const { min, max } = numerologyRanges[key];
  const value = Number(digits);
  return value >= min && value <= max
    ? { kind: 'numerology', key, value }
    : { kind: 'ignored', why: `a ${key} runs from ${min} to ${max}` };
}

function digitsMeaning(where: DigitMatch, digits: string, bare = false): Meaning {
  return digits.length > 10
    ? { kind: 'ignored', why: 'a mobile number has 10 digits' }
    : { kind: 'digits', where, digits, bare };
}

/**
 * Digits for "without 248", "no 2 4 8", "with 2, 4 and 8": a first run of digits, then single
 * digits. A run of several digits after "with" is a run to find, not a list.
 */
function readDigitList(tokens: Token[], i: number, runEndsIt: boolean): Read<string> | undefined {
  const first = tokens[i];
  if (first?.kind !== 'digits' && first?.kind !== 'digitList') return undefined;
  let digits = first.word;
  let end = i + 1;
  if (runEndsIt && first.kind === 'digits' && digits.length > 1) return { value: digits, end };
  for (;;) {
    const next = skipWords(tokens, end, listWords);
    const token = tokens[next];
    if (token?.kind !== 'digitList' && !(token?.kind === 'digits' && token.word.length === 1)) {
      return { value: digits, end };
    }
    digits += `,${token.word}`;
    end = next + 1;
  }
}

/** The operand of a prefix operator at `i` (after its link words), as a meaning. */
function readOperand(tokens: Token[], operator: Operator, i: number): Read<Meaning> | undefined {
  if (operator === 'contains' || operator === 'notContain') {
    const list = readDigitList(tokens, i, operator === 'contains');
    if (!list) return undefined;
    if (operator === 'notContain') {
      return { value: { kind: 'notContain', digits: uniqueDigits(list.value) }, end: list.end };
    }
    return {
      value: list.value.includes(',')
        ? { kind: 'mustContain', digits: uniqueDigits(list.value) }
        : digitsMeaning('anywhere', list.value),
      end: list.end,
    };
  }
  if (operator === 'start' || operator === 'end') {
    // "last 4 digits 0000": the count is a link when the digits follow.
    let j = i;
    const count = tokens[j];
    const after = tokens[j + 2];
    if (
      count?.kind === 'digits' &&
      isWord(tokens[j + 1], linkWords) &&
      after?.kind === 'digits' &&
      after.word.length === Number(count.word)
    ) {
      j += 2;
    }
    const token = tokens[j];
    const amount = readAmount(tokens, j);
    // "starting 20k", "starting from ₹5,000": prices from there; "ending 5k" is no ending.
    if (amount && (amount.money || amount.unit !== undefined)) {
      return operator === 'start' ? readOperand(tokens, 'minPrice', j) : undefined;
    }
    if (token?.kind !== 'digits') return undefined;
    return { value: digitsMeaning(operator, token.word), end: j + 1 };
  }
  if (operator === 'total' || operator === 'sum' || operator === 'mid') {
    const token = tokens[i];
    if (token?.kind !== 'digits') return undefined;
    return { value: numerologyMeaning(operator, token.word), end: i + 1 };
  }
  const range = readRange(tokens, i, operator === 'between');
  if (range) return range;
  if (operator === 'between') return undefined;
  const amount = readAmount(tokens, i);
  if (!amount) return undefined;
  const rupees = rupeesOf(amount.amount, amount.unit);
  return { value: priceMeaning(operator, rupees), end: amount.end };
}

const prefixPhrases = (Object.keys(prefixOperators) as Operator[]).flatMap((operator) =>
  prefixOperators[operator].map((phrase) => ({ operator, phrase })),
);

/** A prefix operator and its operand at `i`: "ending with 786", "under ₹20,000". */
function readPrefix(tokens: Token[], i: number): Read<Meaning> | undefined {
  const candidates = prefixPhrases
    .map(({ operator, phrase }) => ({ operator, end: matchPhrase(tokens, i, phrase) ?? 0 }))
    .filter((candidate) => candidate.end > 0)
    .sort((a, b) => b.end - a.end);
  for (const { operator, end } of candidates) {
    const operand = readOperand(tokens, operator, skipWords(tokens, end, linkWords));
    if (operand) return operand;
  }
  return undefined;
}

/**
 * A postfix operator after an operand ending at `i`: "786 wala", "7 ka total", "20k tak".
 * Without a Hinglish postposition, a word that also starts an operator of its own is read that
 * way: "7 total 9" is 7 and total 9.
 */
function readPostfix(
  tokens: Token[],
  i: number,
  wanted: readonly Operator[],
): Read<Operator> | undefined {
  const j = skipWords(tokens, i, postpositions);
  for (const operator of wanted) {
    const found = longestPhrase(tokens, j, postfixOperators[operator] ?? []);
    if (!found) continue;
    if (j === i && readPrefix(tokens, j)) return undefined;
    return { value: operator, end: found.end };
  }
  return undefined;
}

const postfixOnDigits: readonly Operator[] = [
  'start',
  'end',
  'contains',
  'notContain',
  'total',
  'sum',
  'mid',
];

/** A phrase that starts with a number: a price, a range, digits, or digits and an operator. */
function readFromNumber(tokens: Token[], i: number): Read<Meaning> | undefined {
  const range = readRange(tokens, i, false);
  if (range?.bare && range.largest < BARE_RANGE_FLOOR) return { value: notAPrice, end: range.end };
  if (range) return range;
  const amount = readAmount(tokens, i);
  if (amount) {
    const postfix = readPostfix(tokens, amount.end, ['maxPrice', 'minPrice']);
    const rupees = rupeesOf(amount.amount, amount.unit);
    if (postfix) {
      const operator = postfix.value as 'maxPrice' | 'minPrice';
      return { value: priceMeaning(operator, rupees), end: postfix.end };
    }
    // A price on its own ("20k", "₹15,000") is a budget.
    if (amount.money || amount.unit !== undefined) {
      return { value: priceMeaning('maxPrice', rupees), end: amount.end };
    }
  }
  const token = tokens[i] as Token;
  if (token.kind === 'digitList') {
    return { value: { kind: 'mustContain', digits: uniqueDigits(token.word) }, end: i + 1 };
  }
  if (token.kind !== 'digits') return undefined;
  const postfix = readPostfix(tokens, i + 1, postfixOnDigits);
  if (!postfix) {
    return { value: digitsMeaning('anywhere', token.word, true), end: i + 1 };
  }
  const operator = postfix.value;
  const meaning: Meaning =
    operator === 'total' || operator === 'sum' || operator === 'mid'
      ? numerologyMeaning(operator, token.word)
      : operator === 'notContain'
        ? { kind: 'notContain', digits: uniqueDigits(token.word) }
        : digitsMeaning(
            operator === 'start' || operator === 'end' ? operator : 'anywhere',
            token.word,
          );
  return { value: meaning, end: postfix.end };
}

/**
 * A date typed in the phrase is a date of birth, read as /numerology reads it (parseBirthDate,
 * birthTotals); a date that cannot be one is set aside with the reason.
 */
function birthDateMeaning(date: string, today: CalendarDate): Meaning {
  const parsed = parseBirthDate(date, today);
  if ('error' in parsed) {
    const why = parsed.error.replace(/\.$/, '').replace(`${date} is not a date`, 'no such date');
    return { kind: 'ignored', why: why.charAt(0).toLowerCase() + why.slice(1) };
  }
  const { mulank, bhagyank } = birthNumbers(parsed.date);
  const totals = birthTotals({ mulank: mulank.value, bhagyank: bhagyank.value });
  return { kind: 'birthDate', totals };
}

/** What the fixed phrases, a mask, a date or an operator and its operand at `i` mean. */
function readAt(tokens: Token[], i: number, today: CalendarDate): Read<Meaning> | undefined {
  const token = tokens[i] as Token;
  if (token.kind === 'mask') return { value: { kind: 'mask', mask: token.word }, end: i + 1 };
  if (token.kind === 'date') return { value: birthDateMeaning(token.word, today), end: i + 1 };
  const fixed = longestPhrase(tokens, i, fixedPhrases.keys());
  if (fixed) return { value: fixedPhrases.get(fixed.phrase) as PhraseMeaning, end: fixed.end };
  return readPrefix(tokens, i) ?? readFromNumber(tokens, i);
}

function readIntents(tokens: Token[], today: CalendarDate): Intent[] {
  const intents: Intent[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    // "mobile no" is "mobile number", not "without".
    const mobileNo = token.word === 'no' && isWord(tokens[i - 1], numberNouns);
    const read = mobileNo ? undefined : readAt(tokens, i, today);
    if (read) {
      intents.push({ ...read.value, from: i, to: read.end });
      i = read.end;
      continue;
    }
    if (token.kind !== 'symbol' && !mobileNo && !fillerWords.has(token.word)) {
      intents.push({ kind: 'ignored', from: i, to: i + 1 });
    }
    i++;
  }
  return intents;
}

// -----------------------------------------------------------------------------------------------
// Resolving the intents into one set of filters

const SPECIAL_CATEGORY_DIGITS: Partial<Record<string, CategorySlug>> = {
  '786': '786-numbers',
  '108': '108-numbers',
};

/** Bare "786"/"108" name their category unless the phrase names another one. */
function settleBareDigits(intents: Intent[]): Intent[] {
  let categoryTaken = intents.some((intent) => intent.kind === 'category');
  return intents.map((intent) => {
    if (intent.kind !== 'digits') return intent;
    const slug = intent.bare ? SPECIAL_CATEGORY_DIGITS[intent.digits] : undefined;
    if (slug && !categoryTaken) {
      categoryTaken = true;
      return { kind: 'category', slug, from: intent.from, to: intent.to };
    }
    // One digit anywhere is a must-contain digit: the same numbers, and `q` stays free.
    if (intent.where === 'anywhere' && intent.digits.length === 1) {
      return { kind: 'mustContain', digits: [intent.digits], from: intent.from, to: intent.to };
    }
    return intent;
  });
}

const EMPTY_MASK = '??????????';

/** `mask` with `digits` placed at the start or end, or undefined when a place disagrees. */
function placeDigits(mask: string, digits: string, at: number): string | undefined {
  const places = [...mask];
  for (const [k, digit] of [...digits].entries()) {
    const place = places[at + k];
    if (place !== '?' && place !== digit) return undefined;
    places[at + k] = digit;
  }
  return places.join('');
}

/** A start or an end as a mask: 98 at the start is 98????????. */
function placesOf(digits: string, where: 'start' | 'end'): string {
  return placeDigits(EMPTY_MASK, digits, where === 'start' ? 0 : 10 - digits.length) as string;
}

function mergeMasks(a: string, b: string): string | undefined {
  let merged: string | undefined = a;
  for (const [k, place] of [...b].entries()) {
    if (place !== '?') merged = merged && placeDigits(merged, place, k);
  }
  return merged;
}

/** Applies the intents in the order typed, so the first of two that disagree wins. */
class Resolver {
  readonly filters: SearchFilters = {};
  readonly understood: UnderstoodFilter[] = [];
  readonly ignored: string[] = [];
  readonly notes: string[] = [];

  constructor(
    private readonly source: (intent: Intent) => string,
    /** The one multi-digit "anywhere" search that gets `q`. */
    private readonly anywhere: DigitsIntent | undefined,
  ) {}

  private use<K extends FilterKey>(
    intent: Intent,
    filter: K,
    value: NonNullable<SearchFilters[K]>,
    label = filterLabels[filter](value),
  ) {
    const entry = { filter, value, label, source: this.source(intent) };
    this.understood.push(entry as UnderstoodFilter);
  }

  private reject(intent: Intent, why?: string) {
    this.ignored.push(this.source(intent));
    if (why) this.notes.push(`${this.source(intent)}: ${why}`);
  }

  private requiredDigits(): Set<string> {
    const { q = '', mask = '', mustContain = [] } = this.filters;
    return new Set([...q, ...mask.replace(/\?/g, ''), ...mustContain]);
  }

  /** A reason to refuse digits that an earlier part of the phrase excluded. */
  private excludedAmong(digits: string): string | undefined {
    const excluded = [...digits].filter((digit) => this.filters.notContain?.includes(digit));
    return excluded.length > 0
      ? `needs ${uniqueDigits(excluded.join('')).join(', ')}, which the search excludes`
      : undefined;
  }

  apply(intent: Intent) {
    switch (intent.kind) {
      case 'ignored':
        return this.reject(intent, intent.why);
      case 'category':
        return this.setOnce(intent, 'category', intent.slug, 'one category at a time');
      case 'sort':
        return this.setOnce(intent, 'sort', intent.sort, 'one order at a time');
      case 'offer':
        this.filters.offer = true;
        return this.use(intent, 'offer', true);
      case 'numerology':
        return this.setOnce(intent, intent.key, intent.value, `one ${intent.key} at a time`);
      case 'birthDate':
        return this.applyBirthDate(intent, intent.totals);
      case 'price':
        return this.applyPrice(intent, intent);
      case 'mustContain':
        return this.applyMustContain(intent, intent.digits);
      case 'notContain':
        return this.applyNotContain(intent, intent.digits);
      case 'mask':
        return this.applyMask(intent, intent.mask, filterLabels.mask(intent.mask));
      case 'digits':
        return this.applyDigits(intent, intent.digits, intent.where);
    }
  }

  private setOnce<K extends 'category' | 'sort' | NumerologyKey>(
    intent: Intent,
    key: K,
    value: NonNullable<SearchFilters[K]>,
    why: string,
    label?: string,
  ): boolean {
    const current = this.filters[key];
    if (current !== undefined && current !== value) {
      const already = filterLabels[key](current as NonNullable<SearchFilters[K]>);
      this.reject(intent, `${why} (already ${already})`);
      return false;
    }
    this.filters[key] = value;
    this.use(intent, key, value, label);
    return true;
  }

  /**
   * A date of birth lists the numbers of its destiny number's total, as /numerology lists them
   * first; when the root number differs, a note says where its total is listed too.
   */
  private applyBirthDate(intent: Intent, totals: number[]) {
    const [destiny = 0, root] = totals;
    const typed = this.source(intent);
    const label = `Date of birth ${typed}: total ${destiny}`;
    const used = this.setOnce(intent, 'total', destiny, 'one total at a time', label);
    if (used && root !== undefined) {
      this.notes.push(
        `${typed} was read as a date of birth: total ${destiny} is its destiny number; ` +
          `Numerology by Date of Birth lists total ${root} too, its root number.`,
      );
    }
  }

  private applyPrice(intent: Intent, price: { minPrice?: number; maxPrice?: number }) {
    const { minPrice, maxPrice } = { ...this.filters, ...price };
    const taken = (['minPrice', 'maxPrice'] as const).find(
      (key) => price[key] !== undefined && this.filters[key] !== undefined,
    );
    if (taken) {
      const already = filterLabels[taken](this.filters[taken] as number);
      return this.reject(
        intent,
        `one ${taken === 'minPrice' ? 'lowest' : 'highest'} price at a time (already ${already})`,
      );
    }
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      return this.reject(intent, `the lowest price would be above the highest`);
    }
    for (const key of ['minPrice', 'maxPrice'] as const) {
      const value = price[key];
      if (value === undefined) continue;
      this.filters[key] = value;
      this.use(intent, key, value);
    }
  }

  private applyMustContain(intent: Intent, digits: string[]) {
    const excluded = this.excludedAmong(digits.join(''));
    if (excluded) return this.reject(intent, excluded);
    this.filters.mustContain = uniqueDigits(
      [...(this.filters.mustContain ?? []), ...digits].join(''),
    );
    this.use(intent, 'mustContain', digits);
  }

  private applyNotContain(intent: Intent, digits: string[]) {
    const required = this.requiredDigits();
    const clash = digits.filter((digit) => required.has(digit));
    if (clash.length > 0) {
      return this.reject(intent, `${clash.join(', ')} is also asked for`);
    }
    this.filters.notContain = uniqueDigits(
      [...(this.filters.notContain ?? []), ...digits].join(''),
    );
    this.use(intent, 'notContain', digits);
  }

  /** The places fixed so far: the mask, and `q` when it is a start or an end. */
  private places(): string {
    const { q, match = 'anywhere', mask = EMPTY_MASK } = this.filters;
    return (q && match !== 'anywhere' && mergeMasks(mask, placesOf(q, match))) || mask;
  }

  /** A reason to refuse places that disagree with those fixed so far. */
  private misfit(mask: string): string | undefined {
    return (
      this.excludedAmong(mask.replace(/\?/g, '')) ??
      (mergeMasks(this.places(), mask)
        ? undefined
        : 'does not fit the other digit places asked for')
    );
  }

  private applyMask(intent: Intent, mask: string, label: string) {
    const misfit = this.misfit(mask);
    if (misfit) return this.reject(intent, misfit);
    this.filters.mask = mergeMasks(this.filters.mask ?? EMPTY_MASK, mask);
    this.use(intent, 'mask', mask, label);
  }

  /**
   * `q` holds one run of digits. The multi-digit "anywhere" search gets it; a start or an end gets
   * it when it is free, else becomes places in the mask ("starting 98 ending 786": 98?????786).
   */
  private applyDigits(intent: Intent, digits: string, where: DigitMatch) {
    const label = digitsLabel(digits, where);
    if (where !== 'anywhere' && (this.anywhere || this.filters.q !== undefined)) {
      return this.applyMask(intent, placesOf(digits, where), label);
    }
    if (where === 'anywhere' && intent !== this.anywhere) {
      return this.reject(
        intent,
        `one run of digits anywhere at a time (kept ${this.anywhere?.digits})`,
      );
    }
    const misfit =
      where === 'anywhere' ? this.excludedAmong(digits) : this.misfit(placesOf(digits, where));
    if (misfit) return this.reject(intent, misfit);
    this.filters.q = digits;
    this.filters.match = where;
    this.use(intent, 'q', digits, label);
  }
}

function capped(text: string): { text: string; cut: boolean } {
  if (text.length <= MAX_PHRASE_LENGTH) return { text, cut: false };
  const head = text.slice(0, MAX_PHRASE_LENGTH + 1);
  const lastSpace = head.search(/\s\S*$/);
  return { text: head.slice(0, lastSpace > 0 ? lastSpace : MAX_PHRASE_LENGTH), cut: true };
}

/** `YYYY-MM-DD` as a calendar date. */
function calendarDate(day: string): CalendarDate {
  const [year = 0, month = 0, day_ = 0] = day.split('-').map(Number);
  return { year, month, day: day_ };
}

/**
 * Reads a buyer's phrase into listing filters. Never throws. `today` (India's calendar day
 * unless given) bounds a date of birth typed in the phrase.
 */
export function parseSearchPhrase(
  input: string,
  today: CalendarDate = calendarDate(indiaDay()),
): ParsedSearch {
  const { text, cut } = capped(input);
  const tokens = tokenize(text);
  const intents = settleBareDigits(readIntents(tokens, today));
  const anywhere = intents.find(
    (intent): intent is DigitsIntent => intent.kind === 'digits' && intent.where === 'anywhere',
  );
  const resolver = new Resolver(
    (intent) =>
      text.slice((tokens[intent.from] as Token).start, (tokens[intent.to - 1] as Token).end),
    anywhere,
  );
  for (const intent of intents) resolver.apply(intent);
  if (cut) resolver.notes.push(`Only the first ${MAX_PHRASE_LENGTH} characters are read.`);
  return {
    filters: resolver.filters,
    understood: resolver.understood,
    ignored: resolver.ignored,
    notes: resolver.notes,
  };
}

/** The phrase's filters as query parameters of the listing (API and page addresses). */
export function searchPhraseToQuery(parsed: Pick<ParsedSearch, 'filters'>): Record<string, string> {
  return searchFiltersToQuery(parsed.filters);
}

/** The filters a part of the phrase set: `q` carries `match` with it. */
const keysOf = (filter: FilterKey): (keyof SearchFilters)[] =>
  filter === 'q' ? ['q', 'match'] : [filter];

/**
 * The phrase under filters given beside it (the listing's own controls, or query parameters next
 * to `text`): a filter given explicitly wins, and the parts of the phrase it replaces leave
 * `understood` with a note. A lowest price from the phrase above an explicit highest price (or
 * the other way round) is set aside the same way.
 */
export function withExplicitFilters(parsed: ParsedSearch, explicit: SearchFilters): ParsedSearch {
  const given = (key: keyof SearchFilters) => explicit[key] !== undefined;
  const filters: SearchFilters = { ...parsed.filters };
  const understood: UnderstoodFilter[] = [];
  const notes = [...parsed.notes];
  const setAside = (part: UnderstoodFilter, why: string) => {
    for (const key of keysOf(part.filter)) delete filters[key];
    notes.push(`"${part.source}" (${part.label}) was set aside: ${why}.`);
  };
  for (const part of parsed.understood) {
    if (given(part.filter)) {
      setAside(part, 'a filter chosen beside the words replaces it');
      continue;
    }
    const { minPrice, maxPrice } = { ...filters, ...explicit };
    const priceClash =
      (part.filter === 'minPrice' || part.filter === 'maxPrice') &&
      minPrice !== undefined &&
      maxPrice !== undefined &&
      minPrice > maxPrice;
    if (priceClash) {
      setAside(part, 'the lowest price would be above the highest');
      continue;
    }
    understood.push(part);
  }
  return { filters: { ...filters, ...explicit }, understood, ignored: parsed.ignored, notes };
}
