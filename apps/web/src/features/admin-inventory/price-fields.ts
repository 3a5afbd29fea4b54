import { formatInr, parseRupees, toRupees } from '@store/domain';
import { z } from '../../lib/zod';

/** A rupee amount as staff type it (25000, 1,25,000, ₹4,999.50), checked by the domain's parser. */
function rupeesOf(text: string, ctx: z.RefinementCtx): number {
  const parsed = parseRupees(text);
  if ('problem' in parsed) {
    ctx.addIssue({ code: 'custom', message: `This ${parsed.problem}.` });
    return z.NEVER;
  }
  return toRupees(parsed.paise);
}

const rupees = z.string().transform(rupeesOf);
/** Blank means none (no offer). */
const optionalRupees = z
  .string()
  .transform((text, ctx) => (text.trim() === '' ? null : rupeesOf(text, ctx)));

/** Price and optional offer price; the offer may not be above the price. */
export const pricesSchema = z
  .object({ price: rupees, offerPrice: optionalRupees })
  .superRefine((values, ctx) => {
    if (values.offerPrice !== null && values.offerPrice > values.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['offerPrice'],
        message: 'The offer price must not be above the price.',
      });
    }
  });

/** A price for an input's value: 125000 -> "1,25,000". */
export const priceText = (rupees: number | null) =>
  rupees === null ? '' : formatInr(rupees).replace('₹', '');
