import { act, cleanup, render } from '@testing-library/react';
import { createRoutesStub, Link } from 'react-router';
import { ATTRIBUTION_FIELD_LIMITS } from '@store/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attributionFromUrl,
  CAMPAIGN_TRACKING_KEY,
  CampaignTracking,
  captureCampaign,
  getAttribution,
  referralFrom,
  replacesSaved,
} from './campaign-tracking';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const landed = new Date('2025-03-01T10:00:00.000Z');
const landing = { pathname: '/', search: '?utm_source=google&utm_campaign=diwali&gclid=abc123' };

describe('captureCampaign', () => {
  it('saves gclid, utm_source, utm_campaign, timestamp, landing page and a 90-day expiry', () => {
    const storage = memoryStorage();
    const record = captureCampaign(landing, storage, landed);
    const expected = {
      gclid: 'abc123',
      utm_source: 'google',
      utm_campaign: 'diwali',
      timestamp: '2025-03-01T10:00:00.000Z',
      landing_page: '/?utm_source=google&utm_campaign=diwali&gclid=abc123',
      expires_at: '2025-05-30T10:00:00.000Z',
    };
    expect(record).toEqual(expected);
    expect(JSON.parse(storage.map.get(CAMPAIGN_TRACKING_KEY)!)).toEqual(expected);
    expect(Date.parse(expected.expires_at) - landed.getTime()).toBe(90 * 24 * 3600 * 1000);
  });

  it('saves on gclid alone or utm_source alone, and nothing otherwise', () => {
    expect(attributionFromUrl({ pathname: '/x', search: '?gclid=g' }, landed)).toMatchObject({
      gclid: 'g',
      utm_source: null,
      utm_campaign: null,
    });
    expect(attributionFromUrl({ pathname: '/x', search: '?utm_source=fb' }, landed)).toMatchObject({
      gclid: null,
      utm_source: 'fb',
    });
    const storage = memoryStorage();
    expect(captureCampaign({ pathname: '/', search: '?utm_campaign=only' }, storage)).toBeNull();
    expect(captureCampaign({ pathname: '/', search: '?utm_source=' }, storage)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it("saves a Meta ad's fbclid alone, and utm_medium beside the spec's fields", () => {
    expect(
      attributionFromUrl({ pathname: '/numbers/9876543210', search: '?fbclid=IwAR_x' }, landed),
    ).toEqual({
      gclid: null,
      utm_source: null,
      utm_campaign: null,
      fbclid: 'IwAR_x',
      timestamp: '2025-03-01T10:00:00.000Z',
      landing_page: '/numbers/9876543210?fbclid=IwAR_x',
      expires_at: '2025-05-30T10:00:00.000Z',
    });
    const storage = memoryStorage();
    captureCampaign(
      { pathname: '/', search: '?utm_source=mail&utm_medium=email' },
      storage,
      landed,
    );
    expect(getAttribution(storage, landed)).toMatchObject({
      utm_source: 'mail',
      utm_medium: 'email',
    });
    expect(getAttribution(storage, landed)).not.toHaveProperty('fbclid');
  });

  it('saves a Google ad click from iOS (gbraid or wbraid, sent instead of gclid) as an ad click', () => {
    const storage = memoryStorage();
    const visit = { pathname: '/premium-numbers', search: '?gbraid=0AAAAA_x&utm_source=google' };
    expect(captureCampaign(visit, storage, landed)).toMatchObject({
      gclid: null,
      gbraid: '0AAAAA_x',
      utm_source: 'google',
    });
    // A later tagged visit without a click id does not replace the click.
    expect(
      captureCampaign({ pathname: '/', search: '?utm_source=newsletter' }, storage, landed),
    ).toBeNull();
    expect(getAttribution(storage, landed)).toMatchObject({ gbraid: '0AAAAA_x' });
    // wbraid alone is a landing worth saving too.
    expect(attributionFromUrl({ pathname: '/', search: '?wbraid=Cj0_y' }, landed)).toMatchObject({
      wbraid: 'Cj0_y',
      gclid: null,
      utm_source: null,
    });
  });

  it('replaces an older campaign with a newer one', () => {
    const storage = memoryStorage();
    captureCampaign(landing, storage, landed);
    captureCampaign({ pathname: '/offer-zone', search: '?utm_source=newsletter' }, storage);
    expect(getAttribution(storage)).toMatchObject({
      utm_source: 'newsletter',
      gclid: null,
      landing_page: '/offer-zone?utm_source=newsletter',
    });
  });

  it('keeps a paid click for its 90 days against later tagged visits without one', () => {
    const storage = memoryStorage();
    const later = (days: number) => new Date(landed.getTime() + days * 24 * 3600 * 1000);
    captureCampaign(landing, storage, landed);
    // A newsletter or an organic post, tagged but not an ad click: the click stays.
    expect(
      captureCampaign({ pathname: '/', search: '?utm_source=newsletter' }, storage, later(10)),
    ).toBeNull();
    expect(getAttribution(storage, later(10))).toMatchObject({ gclid: 'abc123' });
    // Another ad click replaces it.
    captureCampaign({ pathname: '/', search: '?fbclid=fb-9' }, storage, later(20));
    expect(getAttribution(storage, later(20))).toMatchObject({ fbclid: 'fb-9', gclid: null });
    // Once that click's window has passed, any tagged visit is saved again.
    captureCampaign({ pathname: '/', search: '?utm_source=newsletter' }, storage, later(111));
    expect(getAttribution(storage, later(111))).toMatchObject({ utm_source: 'newsletter' });
  });

  it("cuts every value to the server's limit, so a long campaign never blocks checkout", () => {
    const long = (char: string) => char.repeat(700);
    const search = `?utm_source=${long('s')}&utm_campaign=${long('c')}&gclid=${long('g')}`;
    const pathname = `/${long('p')}${long('p')}${long('p')}`;
    const storage = memoryStorage();
    const record = captureCampaign({ pathname, search }, storage, landed)!;
    expect(record.utm_source).toBe('s'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_source));
    expect(record.utm_campaign).toBe('c'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_campaign));
    expect(record.gclid).toBe('g'.repeat(ATTRIBUTION_FIELD_LIMITS.gclid));
    expect(record.landing_page).toHaveLength(ATTRIBUTION_FIELD_LIMITS.landing_page);
    expect(record.landing_page).toBe(`${pathname}${search}`.slice(0, record.landing_page.length));
    expect(JSON.parse(storage.map.get(CAMPAIGN_TRACKING_KEY)!)).toEqual(record);
  });

  it('ignores storage failures', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => captureCampaign(landing, broken)).not.toThrow();
    expect(captureCampaign(landing, broken)).toBeNull();
    expect(getAttribution(broken)).toBeNull();
    expect(captureCampaign(landing, null)).toBeNull();
    expect(getAttribution(null)).toBeNull();
  });
});

describe('referrals: untagged visits from other sites', () => {
  const own = 'store.example';
  const from = (referrer: string, search = '') =>
    attributionFromUrl({ pathname: '/numbers/9876543210', search, referrer, host: own }, landed);

  it('names a search engine organic and any other site a referral, by its host', () => {
    const engines = [
      'https://www.google.com/',
      'https://www.google.co.in/search?q=vip+numbers',
      'https://google.com.au/',
      'https://www.bing.com/',
      'https://duckduckgo.com/',
      'https://search.yahoo.co.jp/',
      'https://yandex.ru/',
      'https://www.ecosia.org/',
    ];
    const sites = [
      'https://blog.example.org/best-numbers',
      'https://l.facebook.com/',
      'https://google.example.com/',
      'http://bing-numbers.in/',
    ];
    for (const [referrer, medium] of [
      ...engines.map((url) => [url, 'organic']),
      ...sites.map((url) => [url, 'referral']),
    ]) {
      expect(referralFrom(referrer!, own), referrer).toEqual({
        referrer: new URL(referrer!).hostname,
        referrer_medium: medium,
      });
    }
  });

  it('ignores no referrer, our own site (with or without www) and addresses that are not web pages', () => {
    for (const referrer of [
      '',
      'https://store.example/premium-numbers',
      'https://www.store.example/',
      'android-app://com.google.android.gm/',
      'not a url',
    ]) {
      expect(referralFrom(referrer, own), referrer).toBeNull();
    }
  });

  it('records a referral with its landing page, only when the address carries no campaign parameter', () => {
    expect(from('https://www.google.com/')).toEqual({
      gclid: null,
      utm_source: null,
      utm_campaign: null,
      referrer: 'www.google.com',
      referrer_medium: 'organic',
      timestamp: '2025-03-01T10:00:00.000Z',
      landing_page: '/numbers/9876543210',
      expires_at: '2025-05-30T10:00:00.000Z',
    });
    // A tagged address is the campaign's, whatever the referrer; a partly tagged one (or Google's
    // iOS click ids, not recorded) is not mistaken for an organic visit.
    expect(from('https://www.google.com/', '?utm_source=google&gclid=g1')).toMatchObject({
      gclid: 'g1',
      utm_source: 'google',
    });
    expect(from('https://www.google.com/', '?gclid=g1')).not.toHaveProperty('referrer');
    expect(from('https://www.google.com/', '?utm_campaign=only')).toBeNull();
    // An iOS ad click is a campaign of its own, not a referral.
    expect(from('https://www.google.com/', '?gbraid=x')).toMatchObject({ gbraid: 'x' });
    expect(from('https://www.google.com/', '?gbraid=x')).not.toHaveProperty('referrer');
    expect(from('https://store.example/')).toBeNull();
  });

  it('keeps the better record: ad click over campaign over referral, newer among equals', () => {
    const visit = (search: string, referrer = '') =>
      attributionFromUrl({ pathname: '/', search, referrer, host: own }, landed)!;
    const adClick = visit('?gclid=g1');
    const campaign = visit('?utm_source=newsletter');
    const google = visit('', 'https://www.google.com/');
    const blog = visit('', 'https://blog.example.org/');
    expect(replacesSaved(google, null)).toBe(true);
    expect(replacesSaved(google, adClick)).toBe(false);
    expect(replacesSaved(google, campaign)).toBe(false);
    expect(replacesSaved(campaign, google)).toBe(true);
    expect(replacesSaved(adClick, google)).toBe(true);
    // A newer referral from another site replaces an older one (last touch)...
    expect(replacesSaved(blog, google)).toBe(true);
    // ...but the same site again (a reload, a second search) keeps the first landing.
    expect(replacesSaved(visit('', 'https://www.google.com/'), google)).toBe(false);
  });

  it('saves a referral, and never over a saved campaign', () => {
    const storage = memoryStorage();
    const referred = {
      pathname: '/x',
      search: '',
      referrer: 'https://blog.example.org/',
      host: own,
    };
    expect(captureCampaign(referred, storage, landed)).toMatchObject({
      referrer: 'blog.example.org',
      referrer_medium: 'referral',
    });
    expect(getAttribution(storage, landed)).toMatchObject({ referrer: 'blog.example.org' });
    captureCampaign(landing, storage, landed);
    expect(captureCampaign(referred, storage, landed)).toBeNull();
    expect(getAttribution(storage, landed)).toMatchObject({ gclid: 'abc123' });
    expect(getAttribution(storage, landed)).not.toHaveProperty('referrer');
  });
});

describe('getAttribution', () => {
  it('returns the saved record until it expires, then removes it', () => {
    const storage = memoryStorage();
    captureCampaign(landing, storage, landed);
    const day89 = new Date(landed.getTime() + 89 * 24 * 3600 * 1000);
    expect(getAttribution(storage, day89)).toMatchObject({ gclid: 'abc123' });
    const day90 = new Date(landed.getTime() + 90 * 24 * 3600 * 1000);
    expect(getAttribution(storage, day90)).toBeNull();
    expect(storage.map.has(CAMPAIGN_TRACKING_KEY)).toBe(false);
  });

  it('cuts the values of a record saved with longer ones by an older version', () => {
    const storage = memoryStorage();
    storage.map.set(
      CAMPAIGN_TRACKING_KEY,
      JSON.stringify({
        gclid: null,
        utm_source: 'x'.repeat(500),
        utm_campaign: 'y'.repeat(500),
        timestamp: landed.toISOString(),
        landing_page: '/?utm_source=x',
        expires_at: '2999-01-01T00:00:00.000Z',
      }),
    );
    expect(getAttribution(storage)).toMatchObject({
      gclid: null,
      utm_source: 'x'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_source),
      utm_campaign: 'y'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_campaign),
      landing_page: '/?utm_source=x',
    });
  });

  it("keeps only the landing page's path and campaign parameters, also of a record saved before", () => {
    // The QA report's address: an e-mail tool appended the subscriber's e-mail and mobile.
    const leaky = {
      pathname: '/',
      search:
        '?utm_source=newsletter&utm_medium=email&utm_campaign=diwali&gclid=GCLID123&email=leak%40example.in&mobile=9811122233',
    };
    const storage = memoryStorage();
    const record = captureCampaign(leaky, storage, landed);
    const cleaned = '/?utm_source=newsletter&utm_medium=email&utm_campaign=diwali&gclid=GCLID123';
    expect(record?.landing_page).toBe(cleaned);
    expect(storage.map.get(CAMPAIGN_TRACKING_KEY)).not.toMatch(/leak|9811122233/);
    expect(
      captureCampaign({ pathname: '/numbers/9876543210', search: '?fbclid=x&uid=42#top' })
        ?.landing_page,
    ).toBe('/numbers/9876543210?fbclid=x');

    // A record an older version saved with the whole address is cleaned when read.
    storage.map.set(
      CAMPAIGN_TRACKING_KEY,
      JSON.stringify({ ...record, landing_page: `${leaky.pathname}${leaky.search}` }),
    );
    expect(getAttribution(storage, landed)?.landing_page).toBe(cleaned);
  });

  it('returns null for nothing saved and drops records that are not valid', () => {
    const storage = memoryStorage();
    expect(getAttribution(storage)).toBeNull();
    for (const raw of ['not json', '{"gclid":"x"}', '[]', 'null', '{"expires_at":"2999-01-01"}']) {
      storage.map.set(CAMPAIGN_TRACKING_KEY, raw);
      expect(getAttribution(storage), raw).toBeNull();
      expect(storage.map.has(CAMPAIGN_TRACKING_KEY), raw).toBe(false);
    }
  });
});

describe('CampaignTracking', () => {
  it('saves the campaign of the address it is mounted at', () => {
    const Stub = createRoutesStub([{ path: '*', Component: CampaignTracking }]);
    render(
      <Stub initialEntries={['/vip-numbers/goa?utm_source=google&utm_campaign=x&gclid=abc']} />,
    );
    expect(getAttribution()).toMatchObject({
      gclid: 'abc',
      utm_source: 'google',
      utm_campaign: 'x',
      landing_page: '/vip-numbers/goa?utm_source=google&utm_campaign=x&gclid=abc',
    });
  });

  it('drops an expired record on a page without campaign parameters and keeps a valid one', () => {
    const Stub = createRoutesStub([{ path: '*', Component: CampaignTracking }]);
    const valid = captureCampaign(landing)!;
    render(<Stub initialEntries={['/offer-zone']} />);
    expect(getAttribution()).toEqual(valid);
    cleanup();
    window.localStorage.setItem(
      CAMPAIGN_TRACKING_KEY,
      JSON.stringify({ ...valid, expires_at: '2020-01-01T00:00:00.000Z' }),
    );
    render(<Stub initialEntries={['/offer-zone']} />);
    expect(window.localStorage.getItem(CAMPAIGN_TRACKING_KEY)).toBeNull();
  });

  it('saves nothing for an address without campaign parameters', () => {
    const Stub = createRoutesStub([{ path: '*', Component: CampaignTracking }]);
    render(<Stub initialEntries={['/offer-zone?category=mirror-numbers']} />);
    expect(window.localStorage.getItem(CAMPAIGN_TRACKING_KEY)).toBeNull();
  });

  it("saves the referring site on the page's first load only, with that page as the landing", async () => {
    const referrer = vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://www.bing.com/');
    const Page = () => (
      <>
        <CampaignTracking />
        <Link to="/offer-zone">Offer</Link>
      </>
    );
    const Stub = createRoutesStub([{ path: '*', Component: Page }]);
    const view = render(<Stub initialEntries={['/numbers/9876543210']} />);
    window.localStorage.removeItem(CAMPAIGN_TRACKING_KEY);
    // document.referrer stays the same while the visitor moves on: not a new landing.
    await act(async () => view.getByText('Offer').click());
    expect(window.localStorage.getItem(CAMPAIGN_TRACKING_KEY)).toBeNull();
    cleanup();
    render(<Stub initialEntries={['/numbers/9876543210']} />);
    expect(getAttribution()).toMatchObject({
      referrer: 'www.bing.com',
      referrer_medium: 'organic',
      landing_page: '/numbers/9876543210',
    });
    referrer.mockRestore();
  });
});
