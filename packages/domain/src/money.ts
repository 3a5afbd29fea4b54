/**
 * Rupees to integer paise. Rounds through 15 significant digits first so that float noise
 * (1.005 * 100 = 100.49999999999999) does not change the result.
 */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount of rupees: ${rupees}`);
  return Math.round(Number((rupees * 100).toPrecision(15)));
}

export function toRupees(paise: number): number {
  return paise / 100;
}

/** Indian digit grouping of a string of digits: the last three, then groups of two (1,23,45,678). */
export function groupIndian(digits: string): string {
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
}

/** `₹1,23,456`, `₹1,234.50`, `₹0`: two decimals only when there are paise. */
export function formatInr(rupees: number): string {
  const paise = toPaise(rupees);
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  const whole = groupIndian(String(Math.floor(absolute / 100)));
  const fraction = absolute % 100;
  return `${sign}₹${whole}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`;
}
