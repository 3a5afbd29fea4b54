import {
  CAMPAIGN_PARAMETERS,
  cleanAttributionValue,
  type AttributionTextField,
} from '@store/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Campaign tracking (spec §3, §4, §9). When the address carries `gclid` or `utm_source` (or,
 * ours, `fbclid`: Meta's ads add nothing else unless each ad is tagged; and Google's `gbraid` or
 * `wbraid`, which its ads carry instead of gclid on iOS), the landing data is saved in local
 * storage under CAMPAIGN_TRACKING_KEY for 90 days; storage
 * failures are ignored. `getAttribution()` returns the saved record while it is valid (an
 * expired record is removed and ignored); checkout sends it as its `attribution`. Every text
 * value is cut to the server's limit (ATTRIBUTION_FIELD_LIMITS in @store/domain), when saved and
 * again when read (a record saved by an older version may hold longer ones).
 *
 * A visit with no campaign parameter at all that comes from another site (`document.referrer`)
 * is saved as a referral: the site's host and `organic` (a search engine) or `referral`. A record
 * never gives way to one that tells less (docs/decisions/0045): an ad click outranks a tagged
 * campaign, which outranks a referral.
 */

export const CAMPAIGN_TRACKING_KEY = 'campaign_tracking';
/** Spec §9: campaign tracking expiry. */
const CAMPAIGN_TRACKING_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The tracking record of spec §3. Times are ISO 8601 strings. */
export interface CampaignAttribution {
  gclid: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  /** Ours, beyond the spec's record, kept only when the address carries them. */
  utm_medium?: string;
  fbclid?: string;
  /** Google Ads' click ids on iOS (sent instead of gclid): kept so the sale can be reported. */
  gbraid?: string;
  wbraid?: string;
  /** An untagged visit's referring site: its host, 'www.google.com'. */
  referrer?: string;
  /** 'organic' when the referring site is a search engine, 'referral' otherwise. */
  referrer_medium?: ReferrerMedium;
  /** When the visitor landed. */
  timestamp: string;
  /**
   * Path and campaign parameters of the landing page: '/?utm_source=google&gclid=abc'; any other
   * parameter (an e-mail tool's `email=`) is dropped when saved, and from a record saved by an
   * older version when read (cleanAttributionValue).
   */
  landing_page: string;
  /** timestamp + 90 days. */
  expires_at: string;
}

export type ReferrerMedium = 'organic' | 'referral';

/** A search engine's host: its name just before the domain's suffix (www.google.co.in, yandex.ru). */
const SEARCH_ENGINE =
  /(^|\.)(google|bing|duckduckgo|yahoo|yandex|ecosia)\.(co\.|com\.)?[a-z]{2,3}$/;

const withoutWww = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * Where a visit came from: the referring page's host and its medium, or null when there is no
 * referrer, it is our own site (`ownHost`, with or without `www.`), or not a web address (an
 * app's `android-app://`).
 */
export function referralFrom(
  referrer: string,
  ownHost: string,
): { referrer: string; referrer_medium: ReferrerMedium } | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (!/^https?:$/.test(url.protocol) || !host || withoutWww(host) === withoutWww(ownHost)) {
    return null;
  }
  return {
    referrer: cleanAttributionValue('referrer', host),
    referrer_medium: SEARCH_ENGINE.test(host) ? 'organic' : 'referral',
  };
}

/** A landing: the address, and (on a page's first load) the referring page and our own host. */
export interface Visit {
  pathname: string;
  search: string;
  referrer?: string;
  host?: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** window.localStorage, or null where there is none or reading it throws (privacy modes). */
function defaultStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function param(search: URLSearchParams, name: AttributionTextField): string | null {
  const value = search.get(name)?.trim();
  return value ? cleanAttributionValue(name, value) : null;
}

const clipped = (field: AttributionTextField, value: string | null) =>
  value === null ? null : cleanAttributionValue(field, value);

const OPTIONAL_FIELDS = [
  'utm_medium',
  'fbclid',
  'gbraid',
  'wbraid',
  'referrer',
  'referrer_medium',
] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/** The optional fields, each only when it has a value. */
function extras(values: Partial<Record<OptionalField, string | null>>) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Pick<
    CampaignAttribution,
    OptionalField
  >;
}

/**
 * The record for a landing: its campaign when the address carries an ad click's id (gclid,
 * gbraid, wbraid, fbclid) or utm_source;
 * else, when it carries no campaign parameter at all, the referring site (see referralFrom);
 * else null.
 */
export function attributionFromUrl(
  visit: Visit,
  now: Date = new Date(),
): CampaignAttribution | null {
  const search = new URLSearchParams(visit.search);
  const gclid = param(search, 'gclid');
  const utmSource = param(search, 'utm_source');
  const fbclid = param(search, 'fbclid');
  const gbraid = param(search, 'gbraid');
  const wbraid = param(search, 'wbraid');
  const tagged = [...search.keys()].some((name) => CAMPAIGN_PARAMETERS.test(name));
  const referral = tagged ? null : referralFrom(visit.referrer ?? '', visit.host ?? '');
  if (!gclid && !utmSource && !fbclid && !gbraid && !wbraid && !referral) return null;
  return {
    gclid,
    utm_source: utmSource,
    utm_campaign: param(search, 'utm_campaign'),
    ...extras({ utm_medium: param(search, 'utm_medium'), fbclid, gbraid, wbraid, ...referral }),
    timestamp: now.toISOString(),
    landing_page: cleanAttributionValue('landing_page', `${visit.pathname}${visit.search}`),
    expires_at: new Date(now.getTime() + CAMPAIGN_TRACKING_DAYS * DAY_MS).toISOString(),
  };
}

/** How much a record tells: 2 an ad click's id, 1 a tagged campaign, 0 a referring site. */
const weight = (record: CampaignAttribution) =>
  record.gclid || record.fbclid || record.gbraid || record.wbraid ? 2 : record.utm_source ? 1 : 0;

/**
 * Whether a new landing's record replaces the saved one: a record that tells more always does,
 * one that tells less never does (the owner needs a paid click's id to report the sale back to
 * the ad network), and among equals the newer wins, except that a referral from the same site
 * again (a reload, a second search) keeps the first landing and its 90 days.
 */
export function replacesSaved(record: CampaignAttribution, saved: CampaignAttribution | null) {
  if (!saved) return true;
  if (weight(record) !== weight(saved)) return weight(record) > weight(saved);
  return !(record.referrer && record.referrer === saved.referrer);
}

/**
 * Saves the landing data (see attributionFromUrl) unless the saved record tells more
 * (replacesSaved). Returns the saved record, or null when there was nothing to save, the saved
 * record was kept, or storage failed.
 */
export function captureCampaign(
  visit: Visit,
  storage: StorageLike | null = defaultStorage(),
  now: Date = new Date(),
): CampaignAttribution | null {
  const record = attributionFromUrl(visit, now);
  if (!record || !storage) return null;
  if (!replacesSaved(record, getAttribution(storage, now))) return null;
  try {
    storage.setItem(CAMPAIGN_TRACKING_KEY, JSON.stringify(record));
    return record;
  } catch {
    return null;
  }
}

const nullableString = (value: unknown) => value === null || typeof value === 'string';

function isAttribution(value: unknown): value is CampaignAttribution {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    nullableString(v.gclid) &&
    nullableString(v.utm_source) &&
    nullableString(v.utm_campaign) &&
    (typeof v.gclid === 'string' ||
      typeof v.utm_source === 'string' ||
      typeof v.fbclid === 'string' ||
      typeof v.gbraid === 'string' ||
      typeof v.wbraid === 'string' ||
      typeof v.referrer === 'string') &&
    typeof v.timestamp === 'string' &&
    typeof v.landing_page === 'string' &&
    typeof v.expires_at === 'string' &&
    !Number.isNaN(Date.parse(v.expires_at))
  );
}

function forget(storage: StorageLike) {
  try {
    storage.removeItem(CAMPAIGN_TRACKING_KEY);
  } catch {
    // Ignored, as every storage failure.
  }
}

/**
 * The saved campaign record, or null when there is none, it has expired (it is then removed),
 * it is not a valid record, or storage cannot be read. Checkout sends it as `attribution`.
 */
export function getAttribution(
  storage: StorageLike | null = defaultStorage(),
  now: Date = new Date(),
): CampaignAttribution | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(CAMPAIGN_TRACKING_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    forget(storage);
    return null;
  }
  if (!isAttribution(parsed) || Date.parse(parsed.expires_at) <= now.getTime()) {
    forget(storage);
    return null;
  }
  return {
    gclid: clipped('gclid', parsed.gclid),
    utm_source: clipped('utm_source', parsed.utm_source),
    utm_campaign: clipped('utm_campaign', parsed.utm_campaign),
    ...extras(
      Object.fromEntries(
        OPTIONAL_FIELDS.map((field) => {
          const value: unknown = parsed[field];
          return [field, typeof value === 'string' ? clipped(field, value) : null];
        }),
      ),
    ),
    timestamp: parsed.timestamp,
    landing_page: cleanAttributionValue('landing_page', parsed.landing_page),
    expires_at: parsed.expires_at,
  };
}

/**
 * Mounted once in the storefront layout: saves campaign data whenever the address carries it,
 * and the referring site on the page's first load only (the browser's `document.referrer` stays
 * the same while the visitor moves between pages here); otherwise drops a saved record that has
 * expired.
 */
export function CampaignTracking() {
  const { pathname, search } = useLocation();
  const landed = useRef(false);
  useEffect(() => {
    const referrer = landed.current ? '' : document.referrer;
    landed.current = true;
    if (!captureCampaign({ pathname, search, referrer, host: window.location.hostname })) {
      getAttribution();
    }
  }, [pathname, search]);
  return null;
}
