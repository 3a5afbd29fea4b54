import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_FIELD_LIMITS,
  campaignLandingPage,
  cleanAttributionValue,
} from './attribution';

describe('cleanAttributionValue', () => {
  it('keeps a value within the limit as it is', () => {
    expect(cleanAttributionValue('utm_source', 'google')).toBe('google');
    const exact = 'x'.repeat(ATTRIBUTION_FIELD_LIMITS.utm_source);
    expect(cleanAttributionValue('utm_source', exact)).toBe(exact);
  });

  it("cuts a longer value to each field's limit", () => {
    for (const [field, limit] of Object.entries(ATTRIBUTION_FIELD_LIMITS)) {
      const clipped = cleanAttributionValue(
        field as keyof typeof ATTRIBUTION_FIELD_LIMITS,
        'a'.repeat(limit + 37),
      );
      expect(clipped, field).toBe('a'.repeat(limit));
    }
  });

  it('never leaves half of an emoji at the end', () => {
    const limit = ATTRIBUTION_FIELD_LIMITS.utm_campaign;
    const value = `${'a'.repeat(limit - 1)}🎉tail`;
    const clipped = cleanAttributionValue('utm_campaign', value);
    expect(clipped).toBe('a'.repeat(limit - 1));
    // encodeURIComponent throws on a lone surrogate.
    expect(() => encodeURIComponent(clipped)).not.toThrow();
  });

  it('drops NUL characters, which PostgreSQL refuses', () => {
    expect(cleanAttributionValue('utm_source', 'goo\u0000gle\u0000')).toBe('google');
    const limit = ATTRIBUTION_FIELD_LIMITS.utm_source;
    expect(cleanAttributionValue('utm_source', `${'\u0000'.repeat(5)}${'a'.repeat(limit)}`)).toBe(
      'a'.repeat(limit),
    );
  });

  it('drops control characters and bidirectional overrides, as one-line fields refuse them', () => {
    expect(cleanAttributionValue('utm_source', 'goo\u202egle\u0007\r\n\t\u0085\u2066x\u007f')).toBe(
      'googlex',
    );
    // Half a surrogate pair, which PostgreSQL's jsonb refuses; a whole pair stays.
    expect(cleanAttributionValue('utm_source', '\ud800goo\udfffgle😀')).toBe('google😀');
    // Other text, a formula's look included, is kept as sent (a CSV export makes it inert).
    expect(cleanAttributionValue('utm_campaign', '=HYPERLINK("x") दिवाली <b>')).toBe(
      '=HYPERLINK("x") दिवाली <b>',
    );
  });
});

describe('campaignLandingPage', () => {
  it("keeps the path, the campaign parameters and the page's own as typed, nothing else", () => {
    expect(
      campaignLandingPage('/?utm_source=news&email=a%40b.in&mobile=9811122233&gclid=G1#top'),
    ).toBe('/?utm_source=news&gclid=G1');
    expect(campaignLandingPage('/offer-zone?utm_%73ource=x&utm_term=a+b&q=mine')).toBe(
      '/offer-zone?utm_%73ource=x&utm_term=a+b',
    );
    expect(campaignLandingPage('/numbers/9876543210?name=Asha')).toBe('/numbers/9876543210');
    expect(campaignLandingPage('/vip?%E0%A4=1&gbraid=b&wbraid=w&fbclid=f')).toBe(
      '/vip?gbraid=b&wbraid=w&fbclid=f',
    );
    expect(campaignLandingPage('/plain')).toBe('/plain');
  });

  it("keeps what makes a listing's page what it is, written as the store writes it", () => {
    expect(
      campaignLandingPage(
        '/premium-numbers?category=mirror-numbers&utm_source=google&gclid=G&page=2#cards',
      ),
    ).toBe('/premium-numbers?category=mirror-numbers&utm_source=google&gclid=G&page=2');
    expect(
      campaignLandingPage(
        '/vip-numbers/delhi?offer=true&status=coming_soon&sort=price_asc&mustContain=2,4,8&notContain=0&sum=45&mid=9&total=7&minPrice=5000&maxPrice=15000',
      ),
    ).toBe(
      '/vip-numbers/delhi?offer=true&status=coming_soon&sort=price_asc&mustContain=2,4,8&notContain=0&sum=45&mid=9&total=7&minPrice=5000&maxPrice=15000',
    );
    // What a buyer types, a value the store never writes, or one that could be a phone number.
    expect(
      campaignLandingPage(
        '/premium-numbers?text=asha&q=9811122233&mask=98111222??&category=Mirror-Numbers&category=no-such&page=1&page=02&sort=x&mustContain=9,8,1,1&maxPrice=9811122233&sum=91',
      ),
    ).toBe('/premium-numbers');
  });

  it('is how cleanAttributionValue cleans a landing page, and only a landing page', () => {
    expect(cleanAttributionValue('landing_page', '/?utm_source=x&email=a%40b.in')).toBe(
      '/?utm_source=x',
    );
    expect(cleanAttributionValue('utm_campaign', 'a?email=b')).toBe('a?email=b');
  });
});
