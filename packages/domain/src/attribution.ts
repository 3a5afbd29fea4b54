import { categoryFromQuery } from './categories';
import { MAX_PRICE, numberSorts, numerologyRanges } from './search-filters';

/**
 * Campaign attribution (the spec's "Tracking record"): the longest value kept of each text
 * field, in characters. The browser cuts what it saves to these and the server cuts what a
 * checkout sends, so an unusually long campaign address never stands between a buyer and a sale.
 */
export const ATTRIBUTION_FIELD_LIMITS = {
  gclid: 500,
  utm_source: 200,
  utm_campaign: 200,
  utm_medium: 200,
  fbclid: 500,
  /** Google Ads' click ids for visits from iOS, where it sends these instead of gclid. */
  gbraid: 500,
  wbraid: 500,
  /** An untagged visit's referring site: its host name (at most 253 characters in DNS). */
  referrer: 253,
  /** 'organic' (a search engine) or 'referral' (any other site). */
  referrer_medium: 20,
  landing_page: 2000,
} as const;

export type AttributionTextField = keyof typeof ATTRIBUTION_FIELD_LIMITS;

/**
 * Control characters (C0 with NUL, DEL, C1: line breaks, tabs, a terminal's escapes) and the
 * bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make text read on
 * screen otherwise than it is stored: what a field kept on one line may not hold.
 */
const UNSEEN_CHARACTERS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** Half of a surrogate pair without its other half (read as code points, a pair is one). */
const LONE_SURROGATES = /\p{Cs}/gu;

/** Whether `value` holds a control character or a bidirectional override (UNSEEN_CHARACTERS). */
export const hasUnseenCharacters = (value: string) => UNSEEN_CHARACTERS.test(value);

/** The address parameters that tag a visit (campaign tags and ad click ids). */
export const CAMPAIGN_PARAMETERS = /^(utm_[a-z]+|gclid|gbraid|wbraid|fbclid)$/;

/** `2,4,8`: single digits, each once, in order (as the listing writes mustContain). */
function isDigitList(value: string): boolean {
  return /^\d(,\d)*$/.test(value) && value === [...new Set(value.split(','))].sort().join(',');
}

const isWholeNumber = (value: string, min: number, max: number) =>
  /^\d{1,10}$/.test(value) && !/^0\d/.test(value) && Number(value) >= min && Number(value) <= max;

/**
 * The parameters that make a listing's page what it is (decisions 0032 and 0044: its category,
 * its page, its filters and sort), each kept only when its value is written as the store writes
 * it. What a buyer types (`text`, the digits `q` and `mask`, which may be a phone number) is
 * never kept, nor a value that could carry it.
 */
const PAGE_PARAMETERS: Record<string, (value: string) => boolean> = {
  category: (value) => categoryFromQuery(value)?.slug === value,
  page: (value) => isWholeNumber(value, 2, 100_000),
  offer: (value) => value === 'true',
  status: (value) => value === 'coming_soon',
  sort: (value) => (numberSorts as readonly string[]).includes(value),
  mustContain: isDigitList,
  notContain: isDigitList,
  ...Object.fromEntries(
    Object.entries(numerologyRanges).map(([key, { min, max }]) => [
      key,
      (value: string) => isWholeNumber(value, min, max),
    ]),
  ),
  minPrice: (value) => isWholeNumber(value, 0, MAX_PRICE),
  maxPrice: (value) => isWholeNumber(value, 0, MAX_PRICE),
};

/**
 * Whether a query pair is kept in a landing page: a campaign parameter (`utm_source=x`; its name
 * decoded, `utm%5Fsource`), or a page parameter as the store writes it (`category=mirror-numbers`).
 */
function isKeptPair(pair: string): boolean {
  const [name = '', value = ''] = pair.split(/=(.*)/s);
  try {
    if (CAMPAIGN_PARAMETERS.test(decodeURIComponent(name))) return true;
  } catch {
    return false;
  }
  return Object.hasOwn(PAGE_PARAMETERS, name) && PAGE_PARAMETERS[name]!(value);
}

/**
 * A page address's path with only its campaign parameters and the parameters that make a
 * listing's page what it is (PAGE_PARAMETERS), as typed, and no fragment:
 * `/premium-numbers?category=mirror-numbers&utm_source=news&email=a%40b.in&q=98…#top` is
 * `/premium-numbers?category=mirror-numbers&utm_source=news`. E-mail and CRM tools add a
 * subscriber's address or id to links, and a search may be a phone number; the attribution and
 * analytics keep none of it (decision 0056), but the category page an advert landed on they
 * keep (QA 24 F1).
 */
export function campaignLandingPage(address: string): string {
  const [path, query = ''] = address.replace(/#.*/s, '').split(/\?(.*)/s);
  const kept = query.split('&').filter(isKeptPair);
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path!;
}

/**
 * `value` without control characters and bidirectional overrides (NUL among them: PostgreSQL
 * refuses it, and a campaign address can carry `%00`; decision 0048), without lone surrogates
 * (PostgreSQL's jsonb refuses them; decision 0083) and cut to the field's
 * limit, never leaving half of a surrogate pair (an emoji) at the end: the result is always
 * well-formed text of at most the limit's length. A `landing_page` keeps only its path, its
 * campaign parameters and its page's own (campaignLandingPage).
 */
export function cleanAttributionValue(field: AttributionTextField, value: string): string {
  const limit = ATTRIBUTION_FIELD_LIMITS[field];
  const visible = value
    .replace(new RegExp(UNSEEN_CHARACTERS, 'gu'), '')
    .replace(LONE_SURROGATES, '');
  const text = field === 'landing_page' ? campaignLandingPage(visible) : visible;
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
