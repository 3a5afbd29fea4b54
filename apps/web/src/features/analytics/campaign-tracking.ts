import { cleanAttributionValue, type AttributionTextField } from '@store/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Campaign tracking (spec §3, §4, §9). When the address carries `gclid` or `utm_source` (or,
 * ours, `fbclid`: Meta's ads add nothing else unless each ad is tagged), the landing data is saved in local storage under CAMPAIGN_TRACKING_KEY for 90 days; storage
 * failures are ignored. `getAttribution()` returns the saved record while it is valid (an
 * expired record is removed and ignored); checkout sends it as its `attribution`. Every text
 * value is cut to the server's limit (ATTRIBUTION_FIELD_LIMITS in @store/domain), when saved and
 * again when read (a record saved by an older version may hold longer ones).
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
  /** When the visitor landed. */
  timestamp: string;
  /** Path and query string of the landing page: '/?utm_source=google&gclid=abc'. */
  landing_page: string;
  /** timestamp + 90 days. */
  expires_at: string;
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

/** The optional fields, each only when it has a value. */
function extras(values: Record<'utm_medium' | 'fbclid', string | null>) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Pick<
    CampaignAttribution,
    'utm_medium' | 'fbclid'
  >;
}

/** The record for a landing address, or null when it carries none of gclid, utm_source, fbclid. */
export function attributionFromUrl(
  location: { pathname: string; search: string },
  now: Date = new Date(),
): CampaignAttribution | null {
  const search = new URLSearchParams(location.search);
  const gclid = param(search, 'gclid');
  const utmSource = param(search, 'utm_source');
  const fbclid = param(search, 'fbclid');
  if (!gclid && !utmSource && !fbclid) return null;
  return {
    gclid,
    utm_source: utmSource,
    utm_campaign: param(search, 'utm_campaign'),
    ...extras({ utm_medium: param(search, 'utm_medium'), fbclid }),
    timestamp: now.toISOString(),
    landing_page: cleanAttributionValue('landing_page', `${location.pathname}${location.search}`),
    expires_at: new Date(now.getTime() + CAMPAIGN_TRACKING_DAYS * DAY_MS).toISOString(),
  };
}

const hasAdClick = (record: CampaignAttribution) => Boolean(record.gclid || record.fbclid);

/**
 * Saves the landing data when the address carries gclid, utm_source or fbclid (a newer campaign
 * replaces an older one, but a tagged visit without an ad click never replaces a record of a paid
 * click still valid: the owner needs that click's id to report the sale back to the ad network).
 * Returns the saved record, or null when there was nothing to save or storage failed.
 */
export function captureCampaign(
  location: { pathname: string; search: string },
  storage: StorageLike | null = defaultStorage(),
  now: Date = new Date(),
): CampaignAttribution | null {
  const record = attributionFromUrl(location, now);
  if (!record || !storage) return null;
  const saved = getAttribution(storage, now);
  if (saved && hasAdClick(saved) && !hasAdClick(record)) return null;
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
      typeof v.fbclid === 'string') &&
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
    ...extras({
      utm_medium:
        typeof parsed.utm_medium === 'string' ? clipped('utm_medium', parsed.utm_medium) : null,
      fbclid: typeof parsed.fbclid === 'string' ? clipped('fbclid', parsed.fbclid) : null,
    }),
    timestamp: parsed.timestamp,
    landing_page: cleanAttributionValue('landing_page', parsed.landing_page),
    expires_at: parsed.expires_at,
  };
}

/**
 * Mounted once in root.tsx: saves campaign data whenever the address carries it; otherwise
 * drops a saved record that has expired.
 */
export function CampaignTracking() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!captureCampaign({ pathname, search })) getAttribution();
  }, [pathname, search]);
  return null;
}
