import { Link } from 'react-router';
import { findCategory, formatInr } from '@store/domain';
import { CloseIcon } from '../../../components/icons';
import type { ListingParams } from '../listing-params';
import { budgets } from './advanced-filter-params';

export interface ActiveFilter {
  key: string;
  label: string;
  /** The patch that removes this filter. */
  remove: Partial<ListingParams>;
}

function priceLabel(min: number | undefined, max: number | undefined): string {
  const budget = budgets.find((band) => band.minPrice === min && band.maxPrice === max);
  if (budget) return budget.label;
  if (min !== undefined && max !== undefined) return `${formatInr(min)}–${formatInr(max)}`;
  if (min !== undefined) return `From ${formatInr(min)}`;
  return `Up to ${formatInr(max ?? 0)}`;
}

/** The filters set in `params`, in the order of the address, each with the patch removing it. */
export function activeFilters(params: ListingParams): ActiveFilter[] {
  const list: ActiveFilter[] = [];
  if (params.category) {
    const name = findCategory(params.category)?.name ?? params.category;
    list.push({ key: 'category', label: name, remove: { category: undefined } });
  }
  if (params.q) {
    const where =
      params.match === 'start' ? 'Starts with' : params.match === 'end' ? 'Ends with' : 'Contains';
    list.push({
      key: 'q',
      label: `${where} ${params.q}`,
      remove: { q: undefined, match: undefined },
    });
  }
  if (params.mustContain) {
    list.push({
      key: 'mustContain',
      label: `Must contain ${params.mustContain.join(', ')}`,
      remove: { mustContain: undefined },
    });
  }
  if (params.notContain) {
    list.push({
      key: 'notContain',
      label: `Without ${params.notContain.join(', ')}`,
      remove: { notContain: undefined },
    });
  }
  if (params.mask) {
    list.push({ key: 'mask', label: `Pattern ${params.mask}`, remove: { mask: undefined } });
  }
  if (params.sum !== undefined) {
    list.push({ key: 'sum', label: `Sum ${params.sum}`, remove: { sum: undefined } });
  }
  if (params.mid !== undefined) {
    list.push({ key: 'mid', label: `Mid ${params.mid}`, remove: { mid: undefined } });
  }
  if (params.total !== undefined) {
    list.push({ key: 'total', label: `Total ${params.total}`, remove: { total: undefined } });
  }
  if (params.minPrice !== undefined || params.maxPrice !== undefined) {
    list.push({
      key: 'price',
      label: priceLabel(params.minPrice, params.maxPrice),
      remove: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (params.offer) {
    list.push({ key: 'offer', label: 'On offer', remove: { offer: undefined } });
  }
  if (params.status === 'coming_soon') {
    list.push({ key: 'status', label: 'Coming soon', remove: { status: undefined } });
  }
  return list;
}

/** A part of the buyer's words that the API understood (GET /numbers `understood`). */
export interface UnderstoodPart {
  label: string;
  /** The words it came from, as typed. */
  source: string;
}

/** The words without `source` (its first occurrence), spaces tidied; undefined when none left. */
function wordsWithout(text: string, source: string): string | undefined {
  const at = text.indexOf(source);
  if (at < 0) return undefined;
  const rest = `${text.slice(0, at)} ${text.slice(at + source.length)}`;
  return rest.replace(/\s+/g, ' ').trim() || undefined;
}

/**
 * The parts of the buyer's words the API understood, as chips: removing one takes its words out
 * of the search (the rest is read again, as typed).
 */
export function understoodFilters(text: string, parts: readonly UnderstoodPart[]): ActiveFilter[] {
  return parts.map((part, index) => ({
    key: `words-${index}`,
    label: part.label,
    remove: { text: wordsWithout(text, part.source) },
  }));
}

/** The filters in use as removable chips, and "Clear all". Nothing when no filter is set. */
export function ActiveFilters({
  filters,
  hrefWithout,
  clearHref,
}: {
  filters: readonly ActiveFilter[];
  hrefWithout: (filter: ActiveFilter) => string;
  clearHref: string;
}) {
  if (filters.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <h3 className="sr-only">Filters in use</h3>
      <ul className="contents">
        {filters.map((filter) => (
          <li key={filter.key}>
            <Link
              to={hrefWithout(filter)}
              preventScrollReset
              aria-label={`Remove filter: ${filter.label}`}
              className="inline-flex items-center gap-1.5 rounded-full border border-blue-200 bg-blue-50 py-1 pr-2 pl-3 text-sm font-medium text-blue-900 hover:border-blue-600"
            >
              <span className="tabular-nums">{filter.label}</span>
              <CloseIcon className="size-3.5" />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={clearHref}
        preventScrollReset
        className="rounded px-1 text-sm font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-950"
      >
        Clear all
      </Link>
    </div>
  );
}
