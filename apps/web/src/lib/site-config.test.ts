import { afterEach, describe, expect, it, vi } from 'vitest';
import { absoluteUrl, checkBuildEnv, siteConfig, whatsappLink } from './site-config';

describe('siteConfig', () => {
  it('has neutral defaults', () => {
    expect(siteConfig.storeName).toBe('VIP Number Store');
    expect(siteConfig.salesWhatsapp).toBe('9222000000');
    expect(siteConfig.supportPhone).toBe(siteConfig.salesWhatsapp);
    expect(siteConfig.supportEmail).toBe('support@example.com');
    expect(siteConfig.publicBaseUrl).toBe('http://localhost:3000');
    expect(siteConfig.apiBaseUrl).toBe('');
    expect(siteConfig.gaMeasurementId).toBe('');
    expect(siteConfig.chatWidgetToken).toBe('');
  });

  it('builds wa.me and absolute links', () => {
    expect(whatsappLink()).toBe('https://wa.me/919222000000');
    expect(whatsappLink('a b&c')).toBe('https://wa.me/919222000000?text=a%20b%26c');
    expect(absoluteUrl('/cart')).toBe('http://localhost:3000/cart');
  });
});

/** A store's own contacts and identity, none of them the demo store's. */
const ownStore = {
  PUBLIC_STORE_NAME: 'Shubh Numbers',
  PUBLIC_SALES_WHATSAPP: '9812329329',
  PUBLIC_SUPPORT_EMAIL: 'help@shubh.in',
  PUBLIC_OFFICE_ADDRESS: '12 Janpath, New Delhi, Delhi 110001',
  PUBLIC_RATING_COUNT: '0',
};

describe('checkBuildEnv', () => {
  it("refuses a rating or founding year that cannot be the store's", () => {
    expect(
      checkBuildEnv({
        PUBLIC_RATING_VALUE: '4.7',
        PUBLIC_RATING_COUNT: '0',
        PUBLIC_FOUNDING_YEAR: '2015',
      }).errors,
    ).toEqual([]);
    expect(
      checkBuildEnv({
        PUBLIC_RATING_VALUE: '9',
        PUBLIC_RATING_COUNT: 'many',
        PUBLIC_FOUNDING_YEAR: '15',
      }).errors,
    ).toEqual([
      'PUBLIC_RATING_VALUE="9" must be a rating from 1 to 5 (e.g. 4.6).',
      'PUBLIC_RATING_COUNT="many" must be a whole number of ratings (0 shows no rating).',
      'PUBLIC_FOUNDING_YEAR="15" must be a year, such as 2012.',
    ]);
  });

  it('accepts the sales line in the forms people write it', () => {
    for (const value of [
      '9222000000',
      '+91 92220 00000',
      '919222000000',
      '09222000000',
      '7000-000-000',
    ]) {
      expect(checkBuildEnv({ PUBLIC_SALES_WHATSAPP: value }).errors, value).toEqual([]);
    }
    expect(checkBuildEnv({}).errors).toEqual([]);
  });

  it('refuses a sales line that is not an Indian mobile number, naming the variable', () => {
    for (const value of ['12345', '5222000000', '92220000001', '+1 415 555 0100', 'call us']) {
      const { errors } = checkBuildEnv({ PUBLIC_SALES_WHATSAPP: value });
      expect(errors, value).toHaveLength(1);
      expect(errors[0]).toContain(`PUBLIC_SALES_WHATSAPP="${value}"`);
      expect(errors[0]).toContain('10 digits starting with 6, 7, 8 or 9');
    }
  });

  it('warns a production build without PUBLIC_BASE_URL that links point at localhost', () => {
    const officer = { ...ownStore, PUBLIC_GRIEVANCE_OFFICER: 'Asha Rao, Grievance Officer' };
    const [warning, ...more] = checkBuildEnv(officer, 'production').warnings;
    expect(more).toEqual([]);
    expect(warning).toContain('PUBLIC_BASE_URL is not set');
    expect(warning).toContain('http://localhost:3000');
    expect(checkBuildEnv({ ...officer, PUBLIC_BASE_URL: ' ' }, 'production').warnings).toHaveLength(
      1,
    );
    expect(
      checkBuildEnv({ ...officer, PUBLIC_BASE_URL: 'https://a.in' }, 'production').warnings,
    ).toEqual([]);
    expect(checkBuildEnv({}, 'development').warnings).toEqual([]);
    expect(checkBuildEnv({}).warnings).toEqual([]);
  });

  it('warns a production build whose privacy policy would name no grievance officer', () => {
    const base = { ...ownStore, PUBLIC_BASE_URL: 'https://a.in' };
    const [warning, ...more] = checkBuildEnv(base, 'production').warnings;
    expect(more).toEqual([]);
    expect(warning).toContain('PUBLIC_GRIEVANCE_OFFICER is not set');
    expect(
      checkBuildEnv({ ...base, PUBLIC_GRIEVANCE_OFFICER: ' ' }, 'production').warnings,
    ).toHaveLength(1);
  });

  it("warns a production build of each contact or identity value left at the demo store's", () => {
    const settled = { PUBLIC_BASE_URL: 'https://a.in', PUBLIC_GRIEVANCE_OFFICER: 'Asha Rao' };
    const named = (env: Record<string, string>) =>
      checkBuildEnv({ ...settled, ...env }, 'production').warnings.map(
        (warning) => /^(PUBLIC_[A-Z_]+)/.exec(warning)?.[1],
      );
    expect(named({})).toEqual([
      'PUBLIC_STORE_NAME',
      'PUBLIC_SALES_WHATSAPP',
      'PUBLIC_SUPPORT_PHONE',
      'PUBLIC_SUPPORT_EMAIL',
      'PUBLIC_OFFICE_ADDRESS',
      'PUBLIC_RATING_VALUE',
    ]);
    expect(named(ownStore)).toEqual([]);
    // Set, but to the demo values, in the forms people write them.
    expect(
      named({
        ...ownStore,
        PUBLIC_STORE_NAME: 'VIP Number Store',
        PUBLIC_SUPPORT_PHONE: '+91 92220 00000',
        PUBLIC_SUPPORT_EMAIL: 'help@mail.example.org',
        PUBLIC_RATING_VALUE: '4.50',
        PUBLIC_RATING_COUNT: '1080',
      }),
    ).toEqual([
      'PUBLIC_STORE_NAME',
      'PUBLIC_SUPPORT_PHONE',
      'PUBLIC_SUPPORT_EMAIL',
      'PUBLIC_RATING_VALUE',
    ]);
    // The support phone follows a real sales line; a rating of the store's own is no demo.
    expect(named({ ...ownStore, PUBLIC_RATING_VALUE: '4.5', PUBLIC_RATING_COUNT: '37' })).toEqual(
      [],
    );
    const [warning] = checkBuildEnv(
      { ...settled, ...ownStore, PUBLIC_SALES_WHATSAPP: '09222000000' },
      'production',
    ).warnings;
    expect(warning).toBe(
      "PUBLIC_SALES_WHATSAPP is the demo 9222000000: every page's WhatsApp links go to it. Set the store's own (README, Settings) and build again.",
    );
    expect(checkBuildEnv({}, 'development').warnings).toEqual([]);
  });
});

describe('build settings read from the environment', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('stops with a clear message when PUBLIC_SALES_WHATSAPP is invalid', async () => {
    vi.stubEnv('PUBLIC_SALES_WHATSAPP', '12345');
    vi.resetModules();
    await expect(import('../../react-router.config')).rejects.toThrow(
      /Invalid web build settings:\n {2}- PUBLIC_SALES_WHATSAPP="12345" is not an Indian mobile number/,
    );
  });

  it('keeps the sales line as its 10 digits', async () => {
    vi.stubEnv('PUBLIC_SALES_WHATSAPP', '+91 98220-12345');
    vi.resetModules();
    const fresh = await import('./site-config');
    expect(fresh.siteConfig.salesWhatsapp).toBe('9822012345');
    expect(fresh.whatsappLink()).toBe('https://wa.me/919822012345');
  });

  it('goes ahead with a valid one', async () => {
    vi.stubEnv('PUBLIC_SALES_WHATSAPP', '+91 98220 12345');
    vi.resetModules();
    const config = (await import('../../react-router.config')).default;
    expect(config.ssr).toBe(false);
  });
});
