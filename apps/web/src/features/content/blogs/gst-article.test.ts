import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatInr, priceCart, priceSignedInCartPaise, toPaise, toRupees } from '@store/domain';
import { blogArticlesDir } from '../../../prerender-paths';
import { parseArticle } from './front-matter';

/**
 * The blog tells buyers how this store charges tax, so it must say what the cart does
 * (packages/domain pricing, decision 0015): CGST 9% + SGST 9% in the store's state or IGST 18%
 * elsewhere, on the full price; TDS deducted by Corporate buyers on the price before GST; the
 * tax invoice issued on payment.
 */
function article(slug: string) {
  const file = `${slug}.md`;
  return parseArticle(file, readFileSync(join(blogArticlesDir, file), 'utf8'));
}

describe('the GST article', () => {
  const { meta, body } = article('gst-on-vip-mobile-numbers');
  const text = `${meta.title}\n${meta.description}\n${body}`;

  it('works its examples out as the cart does', () => {
    const plain = priceCart([{ priceAtAdd: 10_000 }]);
    expect(body).toContain(
      `₹10,000 + ${formatInr(plain.taxAmount)} GST = **${formatInr(plain.totalAmount)}**`,
    );
    expect(body).toContain(
      `CGST ${formatInr(plain.cgstAmount)} + SGST ${formatInr(plain.sgstAmount)}`,
    );

    const corporate = priceSignedInCartPaise([toPaise(10_000)], { tdsPercent: 2 });
    const inr = (paise: number) => formatInr(toRupees(paise));
    expect(body).toContain(
      [
        `subtotal ${inr(corporate.subtotal)}`,
        `CGST ${inr(corporate.cgstAmount)}`,
        `SGST ${inr(corporate.sgstAmount)}`,
        `TDS −${inr(corporate.tdsDeducted)}`,
        `**total ${inr(corporate.totalAmount)}**`,
      ].join(', '),
    );
  });

  it('explains IGST for a buyer in another state, on the full price', () => {
    const otherState = priceSignedInCartPaise([toPaise(10_000)], { interState: true });
    expect(text).toContain('CGST + SGST in our state, IGST elsewhere');
    expect(body).toContain('**Place of supply in another state**: IGST 18%');
    // A company's place of supply is its GSTIN's state (placeOfSupply in the domain).
    expect(body).toContain(
      'if you buy as a company with a GSTIN, the state your GSTIN is registered in',
    );
    expect(body).toContain(`IGST ${formatInr(toRupees(otherState.igstAmount))}`);
  });
});
