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
    const officer = { PUBLIC_GRIEVANCE_OFFICER: 'Asha Rao, Grievance Officer' };
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
    const base = { PUBLIC_BASE_URL: 'https://a.in' };
    const [warning, ...more] = checkBuildEnv(base, 'production').warnings;
    expect(more).toEqual([]);
    expect(warning).toContain('PUBLIC_GRIEVANCE_OFFICER is not set');
    expect(
      checkBuildEnv({ ...base, PUBLIC_GRIEVANCE_OFFICER: ' ' }, 'production').warnings,
    ).toHaveLength(1);
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
