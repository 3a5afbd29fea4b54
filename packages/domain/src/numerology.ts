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
