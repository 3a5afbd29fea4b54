import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatInr, priceCart } from '@store/domain';
import { blogArticlesDir, readBlogPostMetas } from '../../../prerender-paths';
import { parseArticle } from './front-matter';

/**
 * The blog tells buyers how this store charges tax, so it must say what the cart does
 * (packages/domain pricing, docs/domain.md §5): CGST 9% + SGST 9% on the taxable amount, TDS for
 * Corporate buyers, the GST invoice with the UPC; IGST is not modelled, so no article promises it.
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

    const corporate = priceCart([{ priceAtAdd: 10_000 }], { tdsPercent: 2 });
    expect(body).toContain(
      [
        `subtotal ${formatInr(corporate.subtotal)}`,
        `TDS −${formatInr(corporate.tdsDeducted)}`,
        `taxable amount ${formatInr(corporate.taxable)}`,
        `CGST ${formatInr(corporate.cgstAmount)}`,
        `SGST ${formatInr(corporate.sgstAmount)}`,
        `**total ${formatInr(corporate.totalAmount)}**`,
      ].join(', '),
    );
  });

  it('says nothing of IGST, which the store does not charge', () => {
    expect(text).not.toMatch(/IGST/i);
  });
});

describe('every blog article', () => {
  it('leaves IGST out while the store does not model it', () => {
    for (const { slug } of readBlogPostMetas()) {
      expect(article(slug).body, slug).not.toMatch(/IGST/i);
    }
  });
});
