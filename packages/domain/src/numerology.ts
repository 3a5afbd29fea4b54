export interface Numerology {
  /** The plain digit sum. */
  sum: number;
  /** The digit sum of the sum. */
  mid: number;
  /** The sum reduced to one digit (1 to 9 for a mobile number). */
  total: number;
}

export function digitSum(number: string | number): number {
  const digits = String(number);
  if (!/^\d+$/.test(digits)) throw new Error(`Not a string of digits: "${digits}"`);
  return [...digits].reduce((sum, digit) => sum + Number(digit), 0);
}

/** domain.md §2: 9898989895 has sum 82, mid 10, total 1. */
export function numerology(number: string | number): Numerology {
  const sum = digitSum(number);
  let total = sum;
  while (total > 9) total = digitSum(total);
  return { sum, mid: digitSum(sum), total };
}

/**
 * A short numerology note on a total (1..9), as Indian numerology reads a root number: its
 * planet and what it is said to bring. Shown on a number's page beside the total.
 */
export const totalNotes: Readonly<Record<number, string>> = {
  1: 'Ruled by the Sun: leadership, confidence and a fresh start.',
  2: 'Ruled by the Moon: harmony, care and good partnerships.',
  3: 'Ruled by Jupiter: wisdom, growth and good fortune.',
  4: 'Ruled by Rahu: hard work, discipline and steady results.',
  5: 'Ruled by Mercury: business, communication and quick progress.',
  6: 'Ruled by Venus: love, comfort and a happy home.',
  7: 'Ruled by Ketu: insight, research and inner calm.',
  8: 'Ruled by Saturn: patience, justice and lasting success.',
  9: 'Ruled by Mars: energy, courage and achievement.',
};
