import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { msg91TemplateSettings } from '../../test-support/msg91-templates';
import { ConfigError, configWarnings, loadConfig } from './config';

/** A production store's settings, each its own (no demo value). */
const completeProduction = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  PUBLIC_BASE_URL: 'https://shop.example.in',
  TRUST_PROXY: '127.0.0.1',
  STORE_GSTIN: '07AAPFU0939F1ZX',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'key',
  ...msg91TemplateSettings,
  PAYMENT_UPI_ID: 'shop@okaxis',
  PAYMENT_BANK_DETAILS: 'Account name: Shop, A/c 123456789012, IFSC HDFC0000001',
  MAIL_FROM: 'Shop <orders@shop.example.in>',
  STORE_ADDRESS: '12 Park Street, Kolkata, West Bengal 700016',
  PUBLIC_SALES_WHATSAPP: '+91 98300 12345',
  PUBLIC_SUPPORT_EMAIL: 'help@shop.example.in',
};

/** The problems a start of the store with these settings lists (none: it starts). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, { forServer: true });
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

describe('loadConfig', () => {
  it('fills every setting with its default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      DATA_DIR: resolve('./data'),
      OTP_TTL_SECONDS: 600,
      OTP_MAX_ATTEMPTS: 10,
      HOLD_MINUTES: 15,
      devTools: true,
      cookieSecure: false,
    });
  });

  it("links to the store's own HOST and PORT when PUBLIC_BASE_URL is unset (QA 19 F12)", () => {
    expect(loadConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3319' }).PUBLIC_BASE_URL).toBe('http://localhost:3319');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '3319' }).PUBLIC_BASE_URL).toBe(
      'http://localhost:3319',
    );
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '192.168.1.20', PORT: '3319' }).PUBLIC_BASE_URL).toBe(
      'http://192.168.1.20:3319',
    );
    expect(loadConfig({ HOST: 'fd00::20', PORT: '3319' }).PUBLIC_BASE_URL).toBe(
      'http://[fd00::20]:3319',
    );
    // A free port chosen at start is not known yet: the web build's default address.
    expect(loadConfig({ PORT: '0' }).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    // Given, it is taken as it is.
    expect(
      loadConfig({ PORT: '3319', PUBLIC_BASE_URL: 'http://127.0.0.1:3319' }).PUBLIC_BASE_URL,
    ).toBe('http://127.0.0.1:3319');
  });

  it('resolves a relative data or web build folder against the folder npm was started in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/store', DATA_DIR: './data' }).DATA_DIR).toBe(
      '/srv/store/data',
    );
    expect(
      loadConfig({ INIT_CWD: '/srv/store', WEB_BUILD_DIR: 'apps/web/build/client' }).WEB_BUILD_DIR,
    ).toBe('/srv/store/apps/web/build/client');
    expect(loadConfig({}).WEB_BUILD_DIR).toBeUndefined();
    expect(loadConfig({ INIT_CWD: '/srv/store', DATA_DIR: '/var/lib/store' }).DATA_DIR).toBe(
      '/var/lib/store',
    );
  });

  it('switches the dev outbox off and Secure cookies on in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.devTools).toBe(false);
    expect(config.cookieSecure).toBe(true);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        NODE_ENV: 'staging',
        OTP_TTL_SECONDS: '-5',
        PAYMENT_PROVIDER: 'razorpay',
      });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems, message } = error as ConfigError;
      expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('NODE_ENV:'))).toBe(true);
      expect(problems.some((p) => p.startsWith('OTP_TTL_SECONDS:'))).toBe(true);
      // The rules between settings are listed with the rest.
      expect(problems.some((p) => p.startsWith('RAZORPAY_KEY_SECRET:'))).toBe(true);
      expect(message).toContain('Invalid configuration');
    }
  });

  it('refuses to start a production store without its public settings, listing them all', () => {
    const settingsOf = (env: Record<string, string>) =>
      problemsOf(env).map((problem) => problem.split(':')[0]);
    expect(settingsOf({ NODE_ENV: 'production', PORT: 'eighty' })).toEqual([
      'PORT',
      'SESSION_SECRET',
      'PUBLIC_BASE_URL',
      'STORE_GSTIN',
      'SMTP_URL',
      'SMS_PROVIDER',
      'PAYMENT_UPI_ID',
      'PAYMENT_BANK_DETAILS',
      'MAIL_FROM',
      'STORE_ADDRESS',
      'PUBLIC_SALES_WHATSAPP',
      'PUBLIC_SUPPORT_EMAIL',
    ]);
    expect(
      settingsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'msg91', SESSION_SECRET: 'x'.repeat(32) }),
    ).toEqual([
      'MSG91_AUTH_KEY',
      // One template per kind of SMS, every one missing in the same list (decision 0052).
      ...Object.keys(msg91TemplateSettings),
      'PUBLIC_BASE_URL',
      'STORE_GSTIN',
      'SMTP_URL',
      'PAYMENT_UPI_ID',
      'PAYMENT_BANK_DETAILS',
      'MAIL_FROM',
      'STORE_ADDRESS',
      'PUBLIC_SALES_WHATSAPP',
      'PUBLIC_SUPPORT_EMAIL',
    ]);
    expect(settingsOf(completeProduction)).toEqual([]);
    // Outside production, and for the commands (seed, backup, create-staff), less is needed.
    expect(settingsOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }),
    ).not.toThrow();
  });

  it('refuses the demo payment and contact values and an http address in production, in the same list', () => {
    const problems = (changes: Record<string, string | undefined>) => {
      try {
        loadConfig({ ...completeProduction, ...changes }, { forServer: true });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({})).toEqual([]);
    // The demo values, given or left unset.
    expect(problems({ PAYMENT_UPI_ID: 'vipnumbers@upi', PAYMENT_BANK_DETAILS: undefined })).toEqual(
      [
        expect.stringMatching(
          /^PAYMENT_UPI_ID: required in production with PAYMENT_PROVIDER=manual: buyers are told to pay to it/,
        ),
        expect.stringMatching(/^PAYMENT_BANK_DETAILS: required in production/),
      ],
    );
    // A Razorpay store shows buyers neither.
    expect(
      problems({
        PAYMENT_UPI_ID: undefined,
        PAYMENT_BANK_DETAILS: undefined,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'id',
        RAZORPAY_KEY_SECRET: 'secret',
        RAZORPAY_WEBHOOK_SECRET: 'hook',
      }),
    ).toEqual([]);
    for (const from of [undefined, 'Shop <no-reply@example.com>', 'orders@mail.example.org']) {
      expect(problems({ MAIL_FROM: from }), from).toEqual([
        expect.stringMatching(/^MAIL_FROM: required in production: an address at your own domain/),
      ]);
    }
    expect(problems({ STORE_ADDRESS: undefined })).toEqual([
      expect.stringMatching(
        /^STORE_ADDRESS: required in production: the store's address is printed/,
      ),
    ]);
    for (const line of [undefined, '9222000000', '+91 92220 00000']) {
      expect(problems({ PUBLIC_SALES_WHATSAPP: line }), line).toEqual([
        expect.stringMatching(/^PUBLIC_SALES_WHATSAPP: required in production: every e-mail/),
      ]);
    }
    for (const email of [undefined, 'support@example.com']) {
      expect(problems({ PUBLIC_SUPPORT_EMAIL: email }), email).toEqual([
        expect.stringMatching(/^PUBLIC_SUPPORT_EMAIL: required in production: every e-mail/),
      ]);
    }
    // TLS in front, except for a trial on the machine itself.
    expect(problems({ PUBLIC_BASE_URL: 'http://shop.example.in' })).toEqual([
      expect.stringMatching(/^PUBLIC_BASE_URL: must be an https:\/\/ address in production/),
    ]);
    for (const trial of ['http://localhost:3490', 'http://127.0.0.1:3490', 'http://[::1]:3490']) {
      expect(problems({ PUBLIC_BASE_URL: trial }), trial).toEqual([]);
    }
    // Razorpay over plain http is the stand-in (npm run dev:razorpay): never in production, even
    // on loopback, and both listed at once.
    const razorpay = {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'id',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
    };
    expect(
      problems({
        ...razorpay,
        RAZORPAY_API_BASE: 'http://127.0.0.1:4010/v1',
        RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:4010/checkout.js',
      }),
    ).toEqual([
      expect.stringMatching(
        /^RAZORPAY_API_BASE: must be an https:\/\/ address in production \(http:\/\/127\.0\.0\.1:4010\/v1 is not\)/,
      ),
      expect.stringMatching(/^RAZORPAY_CHECKOUT_URL: must be an https:\/\/ address in production/),
    ]);
    expect(
      problems({
        ...razorpay,
        RAZORPAY_API_BASE: 'https://api.razorpay.com/v1',
        RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
      }),
    ).toEqual([]);
    // Outside production the stand-in is welcome.
    expect(() =>
      loadConfig(
        { ...razorpay, RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:4010/checkout.js' },
        { forServer: true },
      ),
    ).not.toThrow();
    // The store serves no TLS itself: https means a proxy, which TRUST_PROXY must name (a
    // trial on plain http needs none; an explicit false is the owner's word).
    expect(problems({ TRUST_PROXY: undefined })).toEqual([
      expect.stringMatching(
        /^TRUST_PROXY: required in production with an https:\/\/ PUBLIC_BASE_URL: .* every per-address limit .* is shared by the whole store\. Set TRUST_PROXY=127\.0\.0\.1 for nginx on this machine/,
      ),
    ]);
    expect(problems({ TRUST_PROXY: undefined, PUBLIC_BASE_URL: 'http://127.0.0.1:3490' })).toEqual(
      [],
    );
    expect(problems({ TRUST_PROXY: 'false' })).toEqual([]);
    expect(() =>
      loadConfig({ ...completeProduction, TRUST_PROXY: undefined }, { forServer: false }),
    ).not.toThrow();
    // Outside production, and for the commands, the demo values stay the defaults.
    expect(() => loadConfig({ NODE_ENV: 'development' }, { forServer: true })).not.toThrow();
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }),
    ).not.toThrow();
  });

  it("takes TRUST_PROXY as Fastify's trustProxy: a yes or no, or the proxies' addresses", () => {
    const trust = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    // Fastify trusts no hop for a count: it would quietly count every buyer as nginx.
    expect(() => trust('1')).toThrow(
      /TRUST_PROXY: must name the proxy's address .*not a hop count/,
    );
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 127.0.0.1, ::1 ,10.0.0.0/8,loopback')).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(() => trust('nginx')).toThrow(
      /TRUST_PROXY: must be true, false, or the proxies' addresses .*not an address: nginx/,
    );
    expect(() => trust('127.0.0.1, 10.0.0.0/99')).toThrow(/not an address: 10\.0\.0\.0\/99/);
  });

  it("checks the store's state and GSTIN, and that they agree", () => {
    expect(
      loadConfig({ STORE_STATE: 'Maharashtra', STORE_GSTIN: '27aapfu0939f1zv' }),
    ).toMatchObject({
      STORE_STATE: 'Maharashtra',
      STORE_GSTIN: '27AAPFU0939F1ZV',
    });
    expect(() => loadConfig({ STORE_STATE: 'Bombay' })).toThrow(/STORE_STATE: must be one of/);
    expect(() => loadConfig({ STORE_GSTIN: '27AAPFU0939F1ZA' })).toThrow(
      /STORE_GSTIN: must be a valid GSTIN/,
    );
    expect(() => loadConfig({ STORE_STATE: 'Delhi', STORE_GSTIN: '27AAPFU0939F1ZV' })).toThrow(
      /STORE_GSTIN: its state code 27 is not Delhi's/,
    );
  });

  it('loads no demo numbers and hides the API docs in production unless asked', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({})).toMatchObject({ DEMO_DATA_COUNT: 20_000, apiDocs: true });
    expect(loadConfig({ NODE_ENV: 'production', ...secret })).toMatchObject({
      DEMO_DATA_COUNT: 0,
      apiDocs: false,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', ...secret, DEMO_DATA_COUNT: '500', API_DOCS: 'true' }),
    ).toMatchObject({ DEMO_DATA_COUNT: 500, apiDocs: true });
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it("says a setting's length and range in plain words, not zod's (QA 29 F9)", () => {
    expect(problemsOf({ SESSION_SECRET: 'short-secret-123' })).toEqual([
      'SESSION_SECRET: must be at least 32 characters long: a random secret, such as openssl rand -hex 32 prints',
    ]);
    const port = 'PORT: must be a port number from 0 to 65535 (0: any free port)';
    expect(problemsOf({ PORT: '99999' })).toEqual([port]);
    expect(problemsOf({ PORT: 'eighty' })).toEqual([port]);
    expect(problemsOf({ PORT: '80.5' })).toEqual([port]);
    expect(problemsOf({ HOLD_MINUTES: '0', HOLD_REMINDER_MINUTES: '5000' })).toEqual([
      'HOLD_MINUTES: must be a whole number of at least 1',
      'HOLD_REMINDER_MINUTES: must be a whole number of at most 1440',
    ]);
    expect(problemsOf({ OTP_MAX_ATTEMPTS: 'ten', LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent',
      'OTP_MAX_ATTEMPTS: must be a whole number',
    ]);
    expect(problemsOf({ PUBLIC_SUPPORT_EMAIL: 'help' })).toEqual([
      'PUBLIC_SUPPORT_EMAIL: must be an e-mail address',
    ]);
  });

  it('warns of Razorpay keys that PAYMENT_PROVIDER=manual leaves unused (QA 29 F9)', () => {
    expect(configWarnings(loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_1' }))).toEqual([
      'RAZORPAY_KEY_ID is set but PAYMENT_PROVIDER is manual: Razorpay is not used, buyers are told to pay by UPI or bank transfer. Set PAYMENT_PROVIDER=razorpay to take payments through Razorpay',
    ]);
    expect(
      configWarnings(loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_1', RAZORPAY_KEY_SECRET: 's' }))[0],
    ).toMatch(/^RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set but PAYMENT_PROVIDER is manual/);
    expect(configWarnings(loadConfig({}))).toEqual([]);
    const razorpay = {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_1',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    };
    expect(configWarnings(loadConfig(razorpay))).toEqual([]);
  });

  it('requires the keys of the chosen payment provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test' })).toThrow(
      /RAZORPAY_KEY_SECRET: required when PAYMENT_PROVIDER=razorpay/,
    );
  });

  it('sends WhatsApp to the log unless the Cloud API is chosen, then needs all of its settings', () => {
    expect(loadConfig({})).toMatchObject({
      WHATSAPP_PROVIDER: 'log',
      WHATSAPP_API_BASE: 'https://graph.facebook.com/v23.0',
      WHATSAPP_TEMPLATE_LANGUAGE: 'en',
    });
    try {
      loadConfig({ WHATSAPP_PROVIDER: 'cloud', WHATSAPP_TEMPLATE_UPC_SENT: 'vip_upc_sent' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'WHATSAPP_TOKEN: required when WHATSAPP_PROVIDER=cloud',
        'WHATSAPP_PHONE_NUMBER_ID: required when WHATSAPP_PROVIDER=cloud',
        'WHATSAPP_TEMPLATE_PAYMENT_RECEIVED: required when WHATSAPP_PROVIDER=cloud',
        'WHATSAPP_TEMPLATE_PORTING_UPDATE: required when WHATSAPP_PROVIDER=cloud',
        'WHATSAPP_TEMPLATE_ORDER_UPDATE: required when WHATSAPP_PROVIDER=cloud',
      ]);
    }
    expect(() => loadConfig({ WHATSAPP_TEMPLATE_UPC_SENT: 'UPC Sent!' })).toThrow(
      /WHATSAPP_TEMPLATE_UPC_SENT: must be a WhatsApp template name/,
    );
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '+91 98' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: must be the digits/,
    );
  });

  it('has the time limits of the windows, timeouts and shutdown as settings', () => {
    expect(loadConfig({})).toMatchObject({
      ENQUIRY_WINDOW_SECONDS: 3600,
      RATE_LIMIT_PER_MINUTE: 600,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      SHUTDOWN_GRACE_SECONDS: 10,
      OUTBOUND_TIMEOUT_SECONDS: 10,
    });
    expect(
      loadConfig({
        ENQUIRY_WINDOW_SECONDS: '1',
        RATE_LIMIT_WINDOW_SECONDS: '86400',
        SHUTDOWN_GRACE_SECONDS: '30',
        OUTBOUND_TIMEOUT_SECONDS: '3',
      }),
    ).toMatchObject({
      ENQUIRY_WINDOW_SECONDS: 1,
      RATE_LIMIT_WINDOW_SECONDS: 86_400,
      SHUTDOWN_GRACE_SECONDS: 30,
      OUTBOUND_TIMEOUT_SECONDS: 3,
    });
    const refused: Array<[string, string]> = [
      ['ENQUIRY_WINDOW_SECONDS', '0'],
      ['ENQUIRY_WINDOW_SECONDS', '1.5'],
      ['RATE_LIMIT_WINDOW_SECONDS', '0'],
      ['RATE_LIMIT_WINDOW_SECONDS', '86401'],
      ['SHUTDOWN_GRACE_SECONDS', '-1'],
      ['SHUTDOWN_GRACE_SECONDS', '3601'],
      ['OUTBOUND_TIMEOUT_SECONDS', 'ten'],
      ['OUTBOUND_TIMEOUT_SECONDS', '601'],
    ];
    for (const [key, value] of refused) {
      expect(() => loadConfig({ [key]: value }), `${key}=${value}`).toThrow(new RegExp(`${key}:`));
    }
  });

  it('keeps the sales line as its 10 digits, as the web build does', () => {
    expect(loadConfig({ PUBLIC_SALES_WHATSAPP: '+91 92220 12345' }).PUBLIC_SALES_WHATSAPP).toBe(
      '9222012345',
    );
    expect(() => loadConfig({ PUBLIC_SALES_WHATSAPP: '12345' })).toThrow(
      /PUBLIC_SALES_WHATSAPP: must be an Indian mobile number/,
    );
  });

  it('refuses to start a store outside production on a public address unless told it is meant', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env, { forServer: true });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    // The QA report's case: a VPS started without NODE_ENV=production.
    expect(problems({ HOST: '0.0.0.0', PUBLIC_BASE_URL: 'https://shop.example.in' })).toEqual([
      expect.stringMatching(
        /^NODE_ENV: must be production for a store on a public address \(HOST=0\.0\.0\.0, PUBLIC_BASE_URL=https:\/\/shop\.example\.in\): .*dev outbox.*ALLOW_DEV_ON_PUBLIC_HOST=true/,
      ),
    ]);
    // Behind nginx on the same machine the HOST is loopback, the address is not.
    expect(problems({ PUBLIC_BASE_URL: 'https://shop.example.in' })).toEqual([
      expect.stringMatching(/^NODE_ENV: .*\(PUBLIC_BASE_URL=https:\/\/shop\.example\.in\)/),
    ]);
    expect(problems({ NODE_ENV: 'test', HOST: '192.168.1.20' })).toEqual([
      expect.stringMatching(/^NODE_ENV: .*\(HOST=192\.168\.1\.20\)/),
    ]);
    // Listed with the other problems, not instead of them.
    expect(problems({ HOST: '::', PORT: 'x' })).toHaveLength(2);
    for (const local of [
      {} as Record<string, string>,
      { HOST: 'localhost', PUBLIC_BASE_URL: 'http://localhost:3000' },
      { HOST: '::1', PUBLIC_BASE_URL: 'http://[::1]:3000' },
      { HOST: '127.0.0.1', PUBLIC_BASE_URL: 'http://127.0.0.1:3490' },
      { HOST: '0.0.0.0', ALLOW_DEV_ON_PUBLIC_HOST: 'true' },
    ]) {
      expect(problems(local), JSON.stringify(local)).toEqual([]);
    }
    // The commands and production are not concerned.
    expect(() => loadConfig({ HOST: '0.0.0.0' })).not.toThrow();
    expect(() =>
      loadConfig({ ...completeProduction, HOST: '0.0.0.0' }, { forServer: true }),
    ).not.toThrow();
  });

  it('refuses a CORS origin that no browser would send, which would never match', () => {
    expect(
      problemsOf({ CORS_ORIGINS: 'https://app.example.in, https://admin.example.in/' }),
    ).toEqual([
      'CORS_ORIGINS: each origin is a scheme and host as a browser sends it, such as https://shop.example.in (no path or trailing slash): https://admin.example.in/ is not',
    ]);
    expect(problemsOf({ CORS_ORIGINS: 'app.example.in' })).toHaveLength(1);
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.example.in, http://localhost:5173' }).CORS_ORIGINS,
    ).toEqual(['https://app.example.in', 'http://localhost:5173']);
  });

  it('says what each address setting must be and what is wrong, never printing its password (QA 23 F4, F8)', () => {
    const smtp =
      'SMTP_URL: must be a URL beginning smtp:// or smtps:// with a host, such as smtps://user:password@smtp.example.com:465: ';
    expect(problemsOf({ SMTP_URL: 'smtp.gmail.com' })).toEqual([
      `${smtp}it does not begin with a scheme and ://`,
    ]);
    expect(problemsOf({ SMTP_URL: 'smtp//user:Sekr3t-pw@mail' })).toEqual([
      `${smtp}it does not begin with a scheme and ://`,
    ]);
    expect(problemsOf({ SMTP_URL: 'https://user:Sekr3t-pw@mail.example.in' })).toEqual([
      `${smtp}it begins https://`,
    ]);
    expect(problemsOf({ SMTP_URL: 'smtps://user:Sekr3t-pw@mail.example.in:99999' })).toEqual([
      `${smtp}it is not a valid URL (check its port, and percent-encode any / # ? or @ in the user name or password)`,
    ]);
    expect(problemsOf({ SMTP_URL: 'smtp://' })).toEqual([`${smtp}it names no host`]);
    // In production too, where a set SMTP_URL was enough before.
    expect(
      problemsOf({ ...completeProduction, SMTP_URL: 'smtp.gmail.com' }).map((p) => p.split(':')[0]),
    ).toEqual(['SMTP_URL']);
    for (const good of ['smtp://127.0.0.1:2525', 'SMTPS://user:p%40ss@smtp.gmail.com:465']) {
      expect(loadConfig({ SMTP_URL: good }).SMTP_URL).toBe(good);
    }

    // A PostgreSQL server's address, a Unix socket's too.
    expect(problemsOf({ DATABASE_URL: 'mysql://root:Sekr3t-pw@db.internal/store' })).toEqual([
      'DATABASE_URL: must be a URL beginning postgres:// or postgresql://, such as postgresql://store:password@host/store: it begins mysql://',
    ]);
    for (const good of ['postgres://store:pw@db:5432/store', 'postgresql:///store?host=/run/pg']) {
      expect(loadConfig({ DATABASE_URL: good }).DATABASE_URL).toBe(good);
    }

    // The web addresses: https or http, nothing else a URL may be.
    expect(
      problemsOf({
        ALLOW_DEV_ON_PUBLIC_HOST: 'true',
        PUBLIC_BASE_URL: 'shop.example.in',
        RAZORPAY_API_BASE: 'ftp://api.razorpay.com/v1',
        RAZORPAY_CHECKOUT_URL: 'javascript:alert(1)',
        MSG91_API_BASE: 'https://',
        WHATSAPP_API_BASE: 'graph.facebook.com',
      }),
    ).toEqual([
      'PUBLIC_BASE_URL: must be a URL beginning https:// or http:// with a host, such as https://shop.example.in: it does not begin with a scheme and ://',
      'RAZORPAY_API_BASE: must be a URL beginning https:// or http:// with a host, such as https://api.razorpay.com/v1: it begins ftp://',
      'RAZORPAY_CHECKOUT_URL: must be a URL beginning https:// or http:// with a host, such as https://checkout.razorpay.com/v1/checkout.js: it does not begin with a scheme and ://',
      'MSG91_API_BASE: must be a URL beginning https:// or http:// with a host, such as https://control.msg91.com/api/v5: it is not a valid URL (check its port, and percent-encode any / # ? or @ in the user name or password)',
      'WHATSAPP_API_BASE: must be a URL beginning https:// or http:// with a host, such as https://graph.facebook.com/v23.0: it does not begin with a scheme and ://',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });
});
