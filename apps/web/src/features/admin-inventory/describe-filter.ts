import { findCategory } from '@store/domain';
import type { FilterKey, StockFilter } from './stock-query';

const labels: Record<FilterKey, string> = {
  q: 'digits',
  match: 'found',
  status: 'status',
  category: 'category',
  offer: 'on offer',
  mustContain: 'with digits',
  notContain: 'without digits',
  mask: 'pattern',
  sum: 'sum',
  mid: 'mid',
  total: 'total',
  minPrice: 'from ₹',
  maxPrice: 'up to ₹',
};

/** The filters in words: "digits 98200, status available"; none: every number in the store. */
export function describeFilter(filter: StockFilter): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(filter) as [FilterKey, string | number][]) {
    const value = String(raw);
    if (key === 'match' && !filter.q) continue;
    if (key === 'offer') {
      if (value === 'true') parts.push('on offer');
      continue;
    }
    const shown = key === 'category' ? (findCategory(value)?.name ?? value) : value;
    parts.push(`${labels[key]}${labels[key].endsWith('₹') ? '' : ' '}${shown}`);
  }
  return parts.length > 0 ? parts.join(', ') : 'every number in the store';
}
