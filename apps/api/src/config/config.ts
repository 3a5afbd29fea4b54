import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import {
  billingStateNames,
  DEMO_OFFICE_ADDRESS,
  DEMO_SALES_LINE,
  DEMO_STORE_NAME,
  DEMO_SUPPORT_EMAIL,
  gstinStateName,
  gstStateCode,
  isValidGstin,
  normalizeMobile,
} from '@store/domain';
import { z } from 'zod';
import type { WhatsappTemplateKind } from '../notify/message';
import { SMS_VARIABLE_MAX, smsTemplateKinds, type SmsTemplateKind } from '../notify/sms-templates';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const seconds = z.coerce.number().int().positive();
/** proxy-addr's names for address ranges, which Fastify's trustProxy takes too. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (item: string) => {
  if (proxyRangeNames.includes(item) || ipaddr.isValid(item)) return true;
  try {
    ipaddr.parseCIDR(item);
    return true;
  } catch {
    return false;
  }
};
/**
 * Which hops' X-Forwarded-For to believe, as Fastify's `trustProxy` takes it: `true` (every
 * hop: only when nothing but the proxy can reach the server and the proxy overwrites the
 * header), `false`, or the proxies' addresses and CIDR ranges, comma-separated (`127.0.0.1` for
 * nginx on the same machine). Not a hop count: Fastify 5.12 trusts no hop for one (a count cannot
 * tell the proxy from a client), so it would quietly count every buyer as the proxy.
 */
const trustProxy = z.string().transform((raw, ctx): boolean | string[] => {
  const value = raw.trim().toLowerCase();
  if (['true', 'yes'].includes(value)) return true;
  if (['false', 'no', '0'].includes(value)) return false;
  if (/^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `must name the proxy's address (e.g. 127.0.0.1 for nginx on the same machine), not a hop count (${raw}): Fastify trusts no hop for a count`,
    });
    return z.NEVER;
  }
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = items.filter((item) => !isProxyAddress(item));
  if (items.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, or the proxies' addresses or CIDR ranges separated by commas (e.g. 127.0.0.1); not an address: ${wrong.join(', ') || raw}`,
    });
    return z.NEVER;
  }
  return items;
});
/** A comma list (spaces around items ignored, empty items dropped), each item checked. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));
const count = z.coerce.number().int().positive();
const templateName = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, 'must be a WhatsApp template name (lower case, digits, _)')
  .optional();
/** The WhatsApp template setting of each kind of buyer message (notify/message.ts). */
const whatsappTemplateSettings = {
  WHATSAPP_TEMPLATE_PAYMENT_RECEIVED: templateName,
  WHATSAPP_TEMPLATE_UPC_SENT: templateName,
  WHATSAPP_TEMPLATE_PORTING_UPDATE: templateName,
  WHATSAPP_TEMPLATE_ORDER_UPDATE: templateName,
} satisfies Record<`WHATSAPP_TEMPLATE_${Uppercase<WhatsappTemplateKind>}`, unknown>;

/** The setting of the MSG91 template of each kind of SMS (notify/sms-templates.ts). */
const msg91TemplateSetting = (kind: SmsTemplateKind) =>
  `MSG91_TEMPLATE_${kind.toUpperCase() as Uppercase<SmsTemplateKind>}` as const;
const msg91TemplateSettings = Object.fromEntries(
  smsTemplateKinds.map((kind) => [msg91TemplateSetting(kind), z.string().trim().min(1).optional()]),
) as Record<ReturnType<typeof msg91TemplateSetting>, z.ZodOptional<z.ZodString>>;

/** The MSG91 template id of each kind of SMS, as the settings give them. */
export const msg91Templates = (config: Pick<Config, keyof typeof msg91TemplateSettings>) =>
  Object.fromEntries(
    smsTemplateKinds.map((kind) => [kind, config[msg91TemplateSetting(kind)] ?? '']),
  ) as Record<SmsTemplateKind, string>;

/** The demo values of the settings a production store must be given its own of. */
const demoDefaults = {
  PAYMENT_UPI_ID: 'vipnumbers@upi',
  PAYMENT_BANK_DETAILS: 'Account name: VIP Number Store, A/c 000000000000, IFSC XXXX0000000',
  MAIL_FROM: 'VIP Number Store <no-reply@example.com>',
  STORE_ADDRESS: DEMO_OFFICE_ADDRESS,
  PUBLIC_SALES_WHATSAPP: DEMO_SALES_LINE,
  PUBLIC_SUPPORT_EMAIL: DEMO_SUPPORT_EMAIL,
} as const;

/** An address at one of the domains reserved for examples (RFC 2606), which no mail reaches. */
const exampleDomain = /@(?:[^@\s>]+\.)?example\.(?:com|net|org)>?\s*$/i;

/** Hosts a trial on the machine itself may use without TLS (browsers count them as secure). */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an address is https, or http on loopback; undefined when it is no URL. */
function secureOrLoopback(address: string): boolean | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || loopbackHosts.has(url.hostname);
  } catch {
    return undefined;
  }
}

/** Whether a host name or address is this machine only (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/** Whether an address is served to this machine only; a public one when it is no URL. */
function isLoopbackUrl(address: string): boolean {
  try {
    return isLoopbackHost(new URL(address).hostname);
  } catch {
    return false;
  }
}

/**
 * PUBLIC_BASE_URL when it is unset (production requires it): where this machine reaches the
 * store, http on its PORT and HOST, `localhost` for a loopback or every-address HOST (by default
 * http://localhost:3000), so that the links in its e-mails and SMS open it (QA 19 F12). PORT 0,
 * a free port chosen as the server starts (the tests' stores), is not known here: it keeps
 * http://localhost:3000, what a web build made without PUBLIC_BASE_URL names.
 */
function localBaseUrl(host: string, port: number): string {
  if (port === 0) return 'http://localhost:3000';
  const everyAddress = host === '0.0.0.0' || host === '::';
  const name =
    everyAddress || isLoopbackHost(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function isHttps(address: string): boolean {
  try {
    return new URL(address).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What is wrong with an address setting, in words that never repeat the address: it may hold a
 * user and password. Only a scheme (what comes before "://", never a credential) is named.
 * Undefined: nothing is wrong.
 */
function addressProblem(value: string, schemes: string[], needsHost: boolean): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return 'it does not begin with a scheme and ://';
  if (!schemes.includes(scheme)) return `it begins ${scheme}://`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'it is not a valid URL (check its port, and percent-encode any / # ? or @ in the user name or password)';
  }
  if (needsHost && !url.hostname) return 'it names no host';
  return undefined;
}

/**
 * A setting that is a URL of one of `schemes`, with a host unless `hostless` (a PostgreSQL URL
 * may name a Unix socket in its query instead). Its problem says what it must be and what is
 * wrong, without the value (QA 23 F4, F8).
 */
function addressSetting(schemes: string[], example: string, { hostless = false } = {}) {
  const wanted = `must be a URL beginning ${schemes.map((scheme) => `${scheme}://`).join(' or ')}${hostless ? '' : ' with a host'}, such as ${example}`;
  return z.string().superRefine((value, ctx) => {
    const wrong = addressProblem(value, schemes, !hostless);
    if (wrong) ctx.addIssue({ code: 'custom', message: `${wanted}: ${wrong}` });
  });
}

/** A web address setting (https, or http for a stand-in or a trial), its default the example. */
const webAddress = (defaultValue: string) =>
  addressSetting(['https', 'http'], defaultValue).default(defaultValue);

const portWords = 'must be a port number from 0 to 65535 (0: any free port)';

/**
 * A setting's problem in plain words where the schema gives none of its own (zod's own read
 * "Too small: expected number to be >0": QA 29 F9). Undefined: zod's words, for anything else.
 */
function plainWords(issue: z.core.$ZodRawIssue): string | undefined {
  const bound = (value: unknown, exclusive: boolean, step: 1 | -1) =>
    typeof value === 'number' && exclusive ? value + step : Number(value);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number') {
        return `must be a whole number of at least ${bound(issue.minimum, !issue.inclusive, 1)}`;
      }
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters long`;
      return undefined;
    case 'too_big':
      if (issue.origin === 'number') {
        return `must be a whole number of at most ${bound(issue.maximum, !issue.inclusive, -1)}`;
      }
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`;
      return undefined;
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? 'must be a whole number'
        : undefined;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'must be an e-mail address' : undefined;
    default:
      return undefined;
  }
}

/**
 * Every setting of the server, read from the environment and checked at start-up.
 * Time limits, TTLs and rate limits live here so tests can shorten them instead of sleeping.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: portWords })
    .int(portWords)
    .min(0, portWords)
    .max(65535, portWords)
    .default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: addressSetting(
    ['postgres', 'postgresql'],
    'postgresql://store:password@host/store',
    {
      hostless: true,
    },
  ).optional(),
  WEB_BUILD_DIR: z.string().optional(),
  /** Demo numbers loaded into an empty store; unset: 20,000, or 0 under NODE_ENV=production. */
  DEMO_DATA_COUNT: z.coerce.number().int().min(0).optional(),
  /** The interactive API docs (/api/docs); unset: on, except under NODE_ENV=production. */
  API_DOCS: bool.optional(),
  /** Listing orders are reused this long, totals 10x (0: off); unset: 30, or 0 when NODE_ENV=test. */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  BODY_LIMIT_BYTES: count.default(1_048_576),
  /** Largest CSV file the console's stock import takes (20 MB: some 400,000 rows). */
  IMPORT_MAX_BYTES: count.default(20 * 1_048_576),
  /** How long a signal waits for requests and the database to close before exiting anyway. */
  SHUTDOWN_GRACE_SECONDS: seconds.max(3600).default(10),

  /** Unset: the store's own HOST and PORT (localBaseUrl). */
  PUBLIC_BASE_URL: addressSetting(['https', 'http'], 'https://shop.example.in').optional(),
  /**
   * Origins as a browser sends them (scheme, host and port, nothing after): one with a path or
   * a trailing slash would never match a request's Origin, silently.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .superRefine((origins, ctx) => {
      for (const origin of origins) {
        if (URL.canParse(origin) && new URL(origin).origin === origin) continue;
        ctx.addIssue({
          code: 'custom',
          message: `each origin is a scheme and host as a browser sends it, such as https://shop.example.in (no path or trailing slash): ${origin} is not`,
        });
      }
    }),
  COOKIE_SAMESITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: trustProxy.default(false),
  /**
   * Outside production the store serves the dev outbox (every message sent, sign-in codes
   * included) and demo data; it refuses to start on a public HOST or PUBLIC_BASE_URL unless
   * this says it is meant (decision 0056).
   */
  ALLOW_DEV_ON_PUBLIC_HOST: bool.default(false),

  STORE_NAME: z.string().min(1).default(DEMO_STORE_NAME),
  /** The store's state: the place of supply that is charged CGST + SGST (IGST elsewhere). */
  STORE_STATE: z
    .string()
    .default('Delhi')
    .refine((value) => gstStateCode(value) !== undefined, {
      message: `must be one of: ${billingStateNames.join(', ')}`,
    }),
  /** Printed on every tax invoice; its state code must be STORE_STATE's. Required in production. */
  STORE_GSTIN: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .refine(isValidGstin, { message: 'must be a valid GSTIN (15 characters, check character)' })
    .optional(),
  /** The store's address on the tax invoice (the web build's PUBLIC_OFFICE_ADDRESS, the same place). */
  STORE_ADDRESS: z.string().min(1).default(demoDefaults.STORE_ADDRESS),
  /** The SAC code of each invoice line (a service: the right to use a mobile number). */
  INVOICE_SAC_CODE: z
    .string()
    .regex(/^\d{6}$/, 'must be a 6-digit SAC code')
    .default('998413'),
  /** The sales line; a leading +91, 91 or 0 and spaces are accepted, kept as its 10 digits. */
  PUBLIC_SALES_WHATSAPP: z
    .string()
    .default(demoDefaults.PUBLIC_SALES_WHATSAPP)
    .transform((value, ctx) => {
      const mobile = normalizeMobile(value);
      if (!mobile) {
        ctx.addIssue({ code: 'custom', message: 'must be an Indian mobile number (10 digits)' });
        return z.NEVER;
      }
      return mobile;
    }),
  PUBLIC_SUPPORT_EMAIL: z.email().default(demoDefaults.PUBLIC_SUPPORT_EMAIL),
  /** The web build's chat widget token: when set, the widget vendor's hosts join the CSP. */
  PUBLIC_CHAT_WIDGET_TOKEN: z.string().trim().optional(),

  ACCESS_TOKEN_TTL_SECONDS: seconds.default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: seconds.default(30 * 24 * 3600),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(10).default(10),
  SESSION_SECRET: z
    .string()
    .min(
      32,
      'must be at least 32 characters long: a random secret, such as openssl rand -hex 32 prints',
    )
    .optional(),

  OTP_TTL_SECONDS: seconds.default(10 * 60),
  OTP_MAX_ATTEMPTS: count.default(10),
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * Codes sent to one e-mail or mobile at the request of one client address, and from all
   * addresses together (a device that signed in to the account before is not held to the
   * second: decision 0014), and codes requested from one address.
   */
  OTP_SENDS_PER_CONTACT_AND_IP_PER_HOUR: count.default(5),
  OTP_SENDS_PER_CONTACT_PER_HOUR: count.default(20),
  OTP_SENDS_PER_IP_PER_HOUR: count.default(30),
  /** The sliding window the send limits above count in (an hour unless changed). */
  OTP_SEND_WINDOW_SECONDS: seconds.default(3600),
  /** Failed password sign-ins allowed in the window, counted like the OTP sends above. */
  LOGIN_FAILURES_PER_CONTACT_AND_IP: count.default(10),
  LOGIN_FAILURES_PER_CONTACT: count.default(100),
  LOGIN_FAILURES_PER_IP: count.default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds.default(900),

  RATE_LIMIT_PER_MINUTE: count.default(600),
  /** The window RATE_LIMIT_PER_MINUTE counts in (a minute unless changed). */
  RATE_LIMIT_WINDOW_SECONDS: seconds.max(86_400).default(60),
  /**
   * Where the API's request counters live: `postgres` (shared by every server process on the
   * database) or `memory` (this process only, the fastest). Unset: postgres with DATABASE_URL
   * (a server others may share), memory otherwise (the embedded database is one process's).
   */
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).optional(),
  /**
   * Pages a client address may have rendered on request (a number's page, a listing with its
   * numbers: not the ones kept rendered) per RATE_LIMIT_WINDOW_SECONDS; past it the client gets
   * the page rendered in the browser (decision 0047).
   */
  PAGE_RENDERS_PER_MINUTE: count.default(60),
  /** Server processes `npm run start:cluster` starts (src/cluster.ts); unset: one per CPU core. */
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  ENQUIRIES_PER_IP_PER_HOUR: count.default(10),
  /** The sliding window ENQUIRIES_PER_IP_PER_HOUR counts in (an hour unless changed). */
  ENQUIRY_WINDOW_SECONDS: seconds.default(3600),
  /**
   * A guest's Notify me (an e-mail address nobody confirmed) from one client address in
   * NOTIFY_ME_WINDOW_SECONDS, and guest addresses one coming-soon number keeps (decision 0048).
   */
  NOTIFY_ME_PER_IP_PER_HOUR: count.default(10),
  NOTIFY_ME_WINDOW_SECONDS: seconds.max(86_400).default(3600),
  NOTIFY_ME_GUESTS_PER_NUMBER: count.default(100),

  HOLD_MINUTES: count.default(15),
  /** The buyer is reminded (e-mail and SMS) this many minutes before a hold lapses; 0: never. */
  HOLD_REMINDER_MINUTES: z.coerce.number().int().min(0).max(1_440).default(5),
  /** How long the hold lasts once the buyer says they have paid, while staff verify. */
  PAYMENT_SUBMITTED_HOLD_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /**
   * When staff send a submitted payment back, the hold ends at most this many minutes later: time
   * to submit the right reference, not the submitted payment's long hold for a wrong one.
   */
  PAYMENT_REJECTED_HOLD_MINUTES: z.coerce.number().int().min(5).max(1_440).default(120),
  /**
   * How many payment references of one order extend its hold to PAYMENT_SUBMITTED_HOLD_HOURS:
   * the first, and by default one more after staff sent one back (a mistyped UTR). Later ones
   * leave the hold as it is, so made-up references cannot keep numbers off sale for ever.
   */
  PAYMENT_SUBMISSIONS_EXTENDING_HOLD: z.coerce.number().int().min(1).max(20).default(2),
  /** Numbers one account may hold at once (one checkout holds its whole cart). */
  HOLDS_PER_ACCOUNT: count.default(10),
  /** Numbers held at once by the checkouts of all accounts from one client address. */
  HOLDS_PER_IP: count.default(25),
  /**
   * A buyer's holds of one number last HOLD_MINUTES in all, from the first; after that the
   * buyer waits this long before holding it again (decision 0014).
   */
  HOLD_COOLDOWN_MINUTES: z.coerce.number().int().min(0).max(10_080).default(30),
  /** How often lapsed holds are tidied (0: never); unset: 60, or 0 when NODE_ENV=test. */
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /**
   * How often the outbox is searched for messages left unsent (a crash, a failed delivery
   * waiting for its retry), 0: never; unset: 10, or 0 when NODE_ENV=test.
   */
  OUTBOX_POLL_SECONDS: z.coerce.number().int().min(0).max(3_600).optional(),
  /** How often due alert digests are sent (0: never here); unset: 3600, or 0 when NODE_ENV=test. */
  ALERT_DIGEST_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /**
   * How often personal data past its period is deleted (retention/retention-service.ts, decision
   * 0056), by one process at a time; 0: never. Unset: 3600, or 0 when NODE_ENV=test.
   */
  RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** Sign-in codes and pending registrations are deleted this long after they expire. */
  RETENTION_OTP_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Refresh tokens are deleted this long after they expired or were revoked. */
  RETENTION_REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Enquiries (and the replies to them) are deleted this long after they were sent. */
  RETENTION_ENQUIRY_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  /** A payment screenshot is deleted this long after the payment is confirmed or the order ends. */
  RETENTION_SCREENSHOT_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** An order cancelled unpaid loses its billing details, attribution and address this long after. */
  RETENTION_UNPAID_ORDER_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** A message the outbox gave up on (its address and text) is deleted this long after. */
  RETENTION_FAILED_MESSAGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TDS_RATES: z
    .string()
    .default('0,0.1,1,2')
    .transform((s, ctx) => {
      const rates = s.split(',').map((r) => Number(r.trim()));
      if (rates.some((r) => !Number.isFinite(r) || r < 0 || r > 20)) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma list of percents 0..20' });
      }
      return rates;
    }),

  PAYMENT_PROVIDER: z.enum(['manual', 'razorpay']).default('manual'),
  PAYMENT_UPI_ID: z.string().default(demoDefaults.PAYMENT_UPI_ID),
  /** UPI is offered up to this amount; most banks cap one UPI payment at ₹1,00,000. */
  PAYMENT_UPI_MAX_RUPEES: z.coerce.number().int().min(1).default(1_00_000),
  PAYMENT_BANK_DETAILS: z.string().default(demoDefaults.PAYMENT_BANK_DETAILS),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_BASE: webAddress('https://api.razorpay.com/v1'),
  /** Razorpay Checkout's script, which the buyer's browser loads to pay (the stand-in's in a trial). */
  RAZORPAY_CHECKOUT_URL: webAddress('https://checkout.razorpay.com/v1/checkout.js'),

  /** The mail server, as nodemailer takes it: smtp:// (STARTTLS when offered) or smtps:// (TLS). */
  SMTP_URL: addressSetting(
    ['smtp', 'smtps'],
    'smtps://user:password@smtp.example.com:465',
  ).optional(),
  MAIL_FROM: z.string().default(demoDefaults.MAIL_FROM),
  SMS_PROVIDER: z.enum(['log', 'msg91']).default('log'),
  MSG91_AUTH_KEY: z.string().optional(),
  /** The MSG91 template (mapped to its DLT template) of each kind of SMS. */
  ...msg91TemplateSettings,
  MSG91_API_BASE: webAddress('https://control.msg91.com/api/v5'),
  WHATSAPP_PROVIDER: z.enum(['log', 'cloud']).default('log'),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d+$/, 'must be the digits of the phone number id')
    .optional(),
  /** The Graph API with its version; messages go to {base}/{phone-number-id}/messages. */
  WHATSAPP_API_BASE: webAddress('https://graph.facebook.com/v23.0'),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code such as en or en_US')
    .default('en'),
  /** The approved template of each kind of buyer message (names as in WhatsApp Manager). */
  ...whatsappTemplateSettings,
  /** Staff told of every new order, payment and enquiry: comma lists. */
  STAFF_ALERT_EMAILS: commaList(z.email('must be e-mail addresses, separated by commas')),
  STAFF_ALERT_MOBILES: commaList(
    z.string().transform((value, ctx) => {
      const mobile = normalizeMobile(value);
      if (!mobile) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be Indian mobile numbers, separated by commas',
        });
        return z.NEVER;
      }
      return mobile;
    }),
  ),
  /** Razorpay, MSG91 and WhatsApp calls, SMTP connect and greeting (the SMTP socket idles twice this). */
  OUTBOUND_TIMEOUT_SECONDS: seconds.max(600).default(10),
});

/**
 * The rules that tie settings together, read from the raw variables so that they are listed
 * with every other problem (zod skips an object's refinements once a field is wrong).
 * `forServer`: the store itself is starting, so production needs everything a public store
 * needs; the commands (seed, backup, create-staff) and tests do not.
 */
function crossProblems(env: Record<string, string>, forServer: boolean): string[] {
  const problems: string[] = [];
  const requireSetting = (key: string, why: string) => {
    if (!env[key]) problems.push(`${key}: ${why}`);
  };
  if (env.PAYMENT_PROVIDER === 'razorpay') {
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      requireSetting(key, 'required when PAYMENT_PROVIDER=razorpay');
    }
  }
  if (env.SMS_PROVIDER === 'msg91') {
    for (const key of ['MSG91_AUTH_KEY', ...Object.keys(msg91TemplateSettings)]) {
      requireSetting(key, 'required when SMS_PROVIDER=msg91');
    }
    // The UPI ID is a variable of the order SMS, which DLT keeps to 30 characters.
    if ((env.PAYMENT_UPI_ID ?? '').length > SMS_VARIABLE_MAX) {
      problems.push(
        `PAYMENT_UPI_ID: at most ${SMS_VARIABLE_MAX} characters with SMS_PROVIDER=msg91: the order SMS carries it in a DLT variable`,
      );
    }
    // One template for every SMS cannot pass DLT (decision 0052): the old setting is not read.
    if (env.MSG91_TEMPLATE_ID) {
      problems.push(
        'MSG91_TEMPLATE_ID: no longer read: each kind of SMS has its own DLT template, set as MSG91_TEMPLATE_<KIND> (docs/sms-templates.md)',
      );
    }
  }
  if (env.WHATSAPP_PROVIDER === 'cloud') {
    for (const key of [
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      ...Object.keys(whatsappTemplateSettings),
    ]) {
      requireSetting(key, 'required when WHATSAPP_PROVIDER=cloud');
    }
  }
  const storeGstin = env.STORE_GSTIN?.trim().toUpperCase();
  if (storeGstin && isValidGstin(storeGstin)) {
    const state = env.STORE_STATE ?? 'Delhi';
    if (gstinStateName(storeGstin) !== state) {
      problems.push(
        `STORE_GSTIN: its state code ${storeGstin.slice(0, 2)} is not ${state}'s (STORE_STATE)`,
      );
    }
  }
  if (env.COOKIE_SAMESITE === 'none' && ['false', '0', 'no'].includes(env.COOKIE_SECURE ?? '')) {
    problems.push('COOKIE_SECURE: SameSite=None cookies must be Secure');
  }
  // Outside production anyone who reaches the store could read the dev outbox (every sign-in
  // code) and the demo staff account: refused on an address others reach (decision 0056).
  const allowDev = ['true', '1', 'yes'].includes(env.ALLOW_DEV_ON_PUBLIC_HOST ?? '');
  if (forServer && env.NODE_ENV !== 'production' && !allowDev) {
    const host = env.HOST ?? '127.0.0.1';
    const publicPlaces = [
      isLoopbackHost(host) ? undefined : `HOST=${host}`,
      env.PUBLIC_BASE_URL && !isLoopbackUrl(env.PUBLIC_BASE_URL)
        ? `PUBLIC_BASE_URL=${env.PUBLIC_BASE_URL}`
        : undefined,
    ].filter(Boolean);
    if (publicPlaces.length > 0) {
      problems.push(
        `NODE_ENV: must be production for a store on a public address (${publicPlaces.join(', ')}): outside production the store keeps every message it sends, sign-in codes included, for the dev outbox and loads demo data and a demo staff account. Set NODE_ENV=production (README, Deploying); for a development store on a private network set ALLOW_DEV_ON_PUBLIC_HOST=true`,
      );
    }
  }
  if (env.NODE_ENV === 'production') {
    requireSetting('SESSION_SECRET', 'required in production (32+ characters)');
    if (forServer) {
      requireSetting(
        'PUBLIC_BASE_URL',
        "required in production: the store's public address, for links in e-mails and pages",
      );
      requireSetting('STORE_GSTIN', 'required in production: it is printed on every tax invoice');
      requireSetting(
        'SMTP_URL',
        'required in production: without it no e-mail (codes, orders) is sent',
      );
      if (env.SMS_PROVIDER !== 'msg91') {
        problems.push(
          'SMS_PROVIDER: must be msg91 in production (with MSG91_AUTH_KEY and a MSG91_TEMPLATE_<KIND> for each kind of SMS, docs/sms-templates.md): without it no SMS is sent',
        );
      }
      // The store serves no TLS itself: an https address means a proxy in front of it, and a
      // proxy TRUST_PROXY does not name makes every visitor one address (decision 0048).
      if (!env.TRUST_PROXY && env.PUBLIC_BASE_URL && isHttps(env.PUBLIC_BASE_URL)) {
        problems.push(
          "TRUST_PROXY: required in production with an https:// PUBLIC_BASE_URL: the store serves no TLS itself, so a proxy is in front of it, and unless TRUST_PROXY names it every visitor is counted as the proxy's address and every per-address limit (enquiries, sign-in codes, holds, the API rate) is shared by the whole store. Set TRUST_PROXY=127.0.0.1 for nginx on this machine (README, Deploying), or the proxy's address; TRUST_PROXY=false only if the proxy sends no X-Forwarded-For",
        );
      }
      if (env.PUBLIC_BASE_URL && secureOrLoopback(env.PUBLIC_BASE_URL) === false) {
        problems.push(
          "PUBLIC_BASE_URL: must be an https:// address in production (TLS in front, see the README): over plain http browsers refuse the Secure session cookies and the pages' upgraded assets. http is accepted only on localhost, 127.0.0.1 or [::1], for a trial on the machine itself",
        );
      }
      // The key secret goes to the API and buyers pay in the checkout: never over plain http,
      // not even on loopback (the Razorpay stand-in of npm run dev:razorpay, decision 0076).
      for (const key of ['RAZORPAY_API_BASE', 'RAZORPAY_CHECKOUT_URL'] as const) {
        if (env[key] && !isHttps(env[key])) {
          problems.push(
            `${key}: must be an https:// address in production (${env[key]} is not): the key secret and buyers' payments never travel over plain http. An http address is for the Razorpay stand-in (npm run dev:razorpay), never a real store`,
          );
        }
      }
      // Buyers are told to pay to these: the demo values must never reach one. Razorpay
      // stores show none of them.
      if ((env.PAYMENT_PROVIDER ?? 'manual') === 'manual') {
        for (const key of ['PAYMENT_UPI_ID', 'PAYMENT_BANK_DETAILS'] as const) {
          if ((env[key] ?? demoDefaults[key]).trim() === demoDefaults[key]) {
            problems.push(
              `${key}: required in production with PAYMENT_PROVIDER=manual: buyers are told to pay to it, and the demo value is not the store's`,
            );
          }
        }
      }
      if (exampleDomain.test(env.MAIL_FROM ?? demoDefaults.MAIL_FROM)) {
        problems.push(
          'MAIL_FROM: required in production: an address at your own domain (example.com is for examples; mail from it is refused or junked)',
        );
      }
      if ((env.STORE_ADDRESS ?? demoDefaults.STORE_ADDRESS).trim() === demoDefaults.STORE_ADDRESS) {
        problems.push(
          "STORE_ADDRESS: required in production: the store's address is printed on every tax invoice (the demo address is not yours)",
        );
      }
      // Every e-mail ends with these, and buyers write to them.
      const salesLine = env.PUBLIC_SALES_WHATSAPP ?? demoDefaults.PUBLIC_SALES_WHATSAPP;
      if (normalizeMobile(salesLine) === demoDefaults.PUBLIC_SALES_WHATSAPP) {
        problems.push(
          "PUBLIC_SALES_WHATSAPP: required in production: every e-mail tells buyers to write to it (the demo line is not the store's)",
        );
      }
      if (exampleDomain.test(env.PUBLIC_SUPPORT_EMAIL ?? demoDefaults.PUBLIC_SUPPORT_EMAIL)) {
        problems.push(
          'PUBLIC_SUPPORT_EMAIL: required in production: every e-mail tells buyers to write to it (example.com reaches no one)',
        );
      }
    }
  }
  return problems;
}

/**
 * Settings that are valid but likely not what the owner meant, told in a warning line at start
 * and the start carried on (QA 29 F9).
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const razorpayKeys = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const).filter(
    (key) => config[key],
  );
  if (config.PAYMENT_PROVIDER === 'manual' && razorpayKeys.length > 0) {
    warnings.push(
      `${razorpayKeys.join(' and ')} ${razorpayKeys.length > 1 ? 'are' : 'is'} set but PAYMENT_PROVIDER is manual: Razorpay is not used, buyers are told to pay by UPI or bank transfer. Set PAYMENT_PROVIDER=razorpay to take payments through Razorpay`,
    );
  }
  return warnings;
}

type Env = z.infer<typeof configSchema>;

export interface Config extends Omit<Env, 'DEMO_DATA_COUNT' | 'PUBLIC_BASE_URL'> {
  DEMO_DATA_COUNT: number;
  PUBLIC_BASE_URL: string;
  /** The interactive API docs are served (API_DOCS). */
  apiDocs: boolean;
  isProduction: boolean;
  /** Dev outbox on, cookies not Secure: everything but production. */
  devTools: boolean;
  cookieSecure: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration; empty strings count as unset so `FOO=` falls back to the default.
 * Every problem is listed at once. `forServer`: the store is starting (see crossProblems).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { forServer = false }: { forServer?: boolean } = {},
): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]),
  );
  const parsed = configSchema.safeParse(present, { error: plainWords });
  const problems = [
    ...(parsed.error?.issues ?? []).map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    ),
    ...crossProblems(present, forServer),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  return {
    ...c,
    DEMO_DATA_COUNT: c.DEMO_DATA_COUNT ?? (isProduction ? 0 : 20_000),
    PUBLIC_BASE_URL: c.PUBLIC_BASE_URL ?? localBaseUrl(c.HOST, c.PORT),
    apiDocs: c.API_DOCS ?? !isProduction,
    // npm runs the server inside apps/api; a relative folder means the one npm was run in.
    DATA_DIR: resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR),
    WEB_BUILD_DIR: c.WEB_BUILD_DIR && resolve(env.INIT_CWD ?? process.cwd(), c.WEB_BUILD_DIR),
    isProduction,
    devTools: !isProduction,
    cookieSecure: c.COOKIE_SECURE ?? (isProduction || c.COOKIE_SAMESITE === 'none'),
  };
}
