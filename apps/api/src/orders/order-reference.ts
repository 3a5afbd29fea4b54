import { indiaDay } from '@store/domain';
import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a reference read over the phone is not misheard. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A reference a buyer can quote for a bank transfer or on the phone: `VN-` + the date (India) +
 * 8 random base32 characters (40 bits), e.g. `VN-20261122-7K3Q9MZA`. Unique in the database.
 */
export function newOrderReference(now: Date = new Date()): string {
  const date = indiaDay(now).replaceAll('-', '');
  let random = '';
  for (let i = 0; i < 8; i++) random += alphabet[randomInt(alphabet.length)];
  return `VN-${date}-${random}`;
}
