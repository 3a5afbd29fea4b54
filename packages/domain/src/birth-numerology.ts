/**
 * Numerology by date of birth (issue 18): the root number (mulank, from the day) and the destiny
 * number (bhagyank, from the whole date), with the steps that give them, and which numbers suit
 * them best. Rules in docs/decisions/0009-search-phrases-and-birth-numerology.md.
 */

/** A calendar date; month 1..12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export const FIRST_BIRTH_YEAR = 1900;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

const ordinal = ({ year, month, day }: CalendarDate) => year * 10_000 + month * 100 + day;

/**
 * A real date of birth: `{ year, month, day }` or `YYYY-MM-DD` (what a date field gives), from
 * 1900 up to `today` (the caller's calendar day, so that tests and time zones decide it).
 */
export function parseBirthDate(
  input: CalendarDate | string,
  today: CalendarDate,
): { date: CalendarDate } | { error: string } {
  let date = input;
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
    if (!match) return { error: 'Enter the date of birth as YYYY-MM-DD, e.g. 1990-08-29.' };
    date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  }
  const { year, month, day } = date;
  if (![year, month, day].every(Number.isInteger)) {
    return { error: 'A date of birth is a whole year, month and day.' };
  }
  if (month < 1 || month > 12) return { error: `There is no month ${month}: months run 1 to 12.` };
  const lastDay = daysInMonth(year, month);
  if (day < 1 || day > lastDay) {
    const leap = month === 2 && day === 29 ? `: ${year} is not a leap year` : '';
    return { error: `${year}-${twoDigits(month)}-${twoDigits(day)} is not a date${leap}.` };
  }
  if (year < FIRST_BIRTH_YEAR) return { error: `Enter a year from ${FIRST_BIRTH_YEAR}.` };
  if (ordinal(date) > ordinal(today)) return { error: 'A date of birth cannot be in the future.' };
  return { date: { year, month, day } };
}

/** One step of a reduction: the digits added and their sum ("2 + 9 = 11"). */
export interface ReductionStep {
  digits: number[];
  sum: number;
}

/** A number reduced to one digit 1..9, with the steps (none when it is one digit already). */
export interface Reduction {
  value: number;
  steps: ReductionStep[];
}

function reduce(digits: string): Reduction {
  // "NaN" would never shrink to one digit: the loop below would run until memory ran out.
  if (!/^\d+$/.test(digits)) throw new RangeError(`Not a date of digits: ${digits}`);
  const steps: ReductionStep[] = [];
  let current = digits;
  while (current.length > 1) {
    const step = [...current].map(Number);
    const sum = step.reduce((a, b) => a + b, 0);
    steps.push({ digits: step, sum });
    current = String(sum);
  }
  return { value: Number(current), steps };
}

/** "2 + 9 = 11, 1 + 1 = 2", or "7" when there was nothing to add. */
export function describeReduction({ value, steps }: Reduction): string {
  if (steps.length === 0) return String(value);
  return steps.map(({ digits, sum }) => `${digits.join(' + ')} = ${sum}`).join(', ');
}

export interface BirthNumbers {
  /** Root number: the digits of the day, reduced (29 -> 2 + 9 = 11 -> 1 + 1 = 2). */
  mulank: Reduction;
  /** Destiny number: every digit of DDMMYYYY, reduced. */
  bhagyank: Reduction;
}

/** Mulank and bhagyank of a date checked by parseBirthDate. */
export function birthNumbers({ year, month, day }: CalendarDate): BirthNumbers {
  return {
    mulank: reduce(String(day)),
    bhagyank: reduce(`${twoDigits(day)}${twoDigits(month)}${year}`),
  };
}

/** The two numbers as plain values: `{ mulank: n.mulank.value, bhagyank: n.bhagyank.value }`. */
export interface BirthTotals {
  mulank: number;
  bhagyank: number;
}

/**
 * How well a number's total (1..9) suits a birth date: 3 when it equals both the destiny and
 * the root number, 2 the destiny number only, 1 the root number only, 0 neither. The destiny
 * number ranks first because it comes from the whole date.
 */
export function birthMatchScore(total: number, { mulank, bhagyank }: BirthTotals): number {
  return (total === bhagyank ? 2 : 0) + (total === mulank ? 1 : 0);
}

/** The totals worth listing for a birth date, best first: [bhagyank, mulank], once each. */
export function birthTotals({ mulank, bhagyank }: BirthTotals): number[] {
  return [...new Set([bhagyank, mulank])];
}

/**
 * The items whose total suits the birth date, best matches first (birthMatchScore), then the
 * cheapest; items that suit neither number are left out.
 */
export function rankBirthMatches<T extends { total: number }>(
  items: readonly T[],
  birth: BirthTotals,
  priceOf: (item: T) => number,
): T[] {
  return items
    .map((item) => ({ item, score: birthMatchScore(item.total, birth) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || priceOf(a.item) - priceOf(b.item))
    .map(({ item }) => item);
}
