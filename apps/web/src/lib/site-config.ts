/**
 * Business identity, read from build-time environment variables (PUBLIC_*) with neutral
 * defaults. Nothing else in the web app hard-codes a name, number, address or link: import
 * `siteConfig` instead.
 */
import {
  DEMO_OFFICE_ADDRESS,
  DEMO_RATING,
  DEMO_SALES_LINE,
  DEMO_STORE_NAME,
  DEMO_SUPPORT_EMAIL,
  isExampleEmail,
  normalizeMobile,
} from '@store/domain';

interface SocialLink {
  readonly name: 'Facebook' | 'Instagram' | 'X' | 'YouTube' | 'LinkedIn';
  readonly href: string;
}

export interface SiteConfig {
  /** Shop name shown in the header, footer, titles and structured data. */
  readonly storeName: string;
  /** 10-digit Indian mobile number of the sales line (WhatsApp), without country code. */
  readonly salesWhatsapp: string;
  /** wa.me style international number: '91' + salesWhatsapp. */
  readonly salesWhatsappInternational: string;
  readonly supportEmail: string;
  /** 10-digit support phone number, without country code. */
  readonly supportPhone: string;
  /** Office address on one line; empty when not configured. */
  readonly officeAddress: string;
  /**
   * Whom a buyer writes to about their personal data (India's DPDP Act: a name, or a designation,
   * and a contact): named in the privacy policy.
   */
  readonly grievanceOfficer: { readonly name: string; readonly email: string };
  /** Public origin of the site, without a trailing slash; used for canonical links. */
  readonly publicBaseUrl: string;
  /** Origin of the API without a trailing slash; '' means same origin. */
  readonly apiBaseUrl: string;
  /** Google Analytics measurement id; empty disables analytics. */
  readonly gaMeasurementId: string;
  /** Third-party chat widget token; empty keeps the widget inactive. */
  readonly chatWidgetToken: string;
  readonly socialLinks: readonly SocialLink[];
  /**
   * The store's customer rating, shown on its pages and in its structured data (spec §9's 4.5
   * from 1080 ratings by default); null (PUBLIC_RATING_COUNT=0) shows none: a store with no
   * ratings of its own must not claim another's.
   */
  readonly rating: { readonly value: number; readonly count: number } | null;
  /** The year the business started selling numbers (spec §9: 2010 by default). */
  readonly foundingYear: number;
}

const env: ImportMetaEnv = import.meta.env ?? {};

function read(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

/** The build's PUBLIC_* variables, as Vite reads them (environment, then .env files). */
export type PublicEnv = Readonly<Record<string, string | undefined>>;

/** What is wrong with the build's settings (stops the build) and what deserves a warning. */
export interface BuildEnvReport {
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * Checks the PUBLIC_* settings of a build: the sales line must pass the server's rule for the same
 * variable, `^[6-9]\d{9}$`, once spaces, hyphens and a leading +91, 91 or 0 are taken off; a
 * production build without PUBLIC_BASE_URL gets canonical links, structured data and the
 * sitemap on http://localhost:3000, and one is warned of each contact or identity value left at
 * its demo value (demoValueWarnings). react-router.config.ts stops the build on an error;
 * scripts/write-sitemap.ts prints the warnings (it sees the NODE_ENV the build was run with: Vite
 * sets NODE_ENV=production for every build before the config is read).
 */
export function checkBuildEnv(publicEnv: PublicEnv, nodeEnv?: string): BuildEnvReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const whatsapp = publicEnv.PUBLIC_SALES_WHATSAPP?.trim();
  if (whatsapp && !normalizeMobile(whatsapp)) {
    errors.push(
      `PUBLIC_SALES_WHATSAPP="${publicEnv.PUBLIC_SALES_WHATSAPP}" is not an Indian mobile number: ` +
        'give 10 digits starting with 6, 7, 8 or 9 (e.g. 9222000000; a leading +91, 91 or 0 is allowed).',
    );
  }
  if (nodeEnv === 'production' && !publicEnv.PUBLIC_BASE_URL?.trim()) {
    warnings.push(
      'PUBLIC_BASE_URL is not set: canonical links, og:url, structured data and sitemap.xml of this ' +
        'production build point at http://localhost:3000. Set PUBLIC_BASE_URL to the public address ' +
        '(e.g. https://www.example.in) and build again.',
    );
  }
  if (nodeEnv === 'production' && !publicEnv.PUBLIC_GRIEVANCE_OFFICER?.trim()) {
    warnings.push(
      'PUBLIC_GRIEVANCE_OFFICER is not set: the privacy policy names "the Grievance Officer" and ' +
        "no person. India's DPDP Act expects the name of whoever answers data requests (and " +
        'PUBLIC_GRIEVANCE_EMAIL, their address, if it is not PUBLIC_SUPPORT_EMAIL).',
    );
  }
  if (nodeEnv === 'production') warnings.push(...demoValueWarnings(publicEnv));
  errors.push(...storyProblems(publicEnv));
  return { errors, warnings };
}

/**
 * A warning naming each PUBLIC_* contact or identity setting whose value, as siteConfig reads
 * it, is the demo store's: unset, or set to the demo value (a sales line or support phone in any
 * form of 9222000000, a support e-mail at example.com, the spec's 4.5 from 1080 ratings).
 */
function demoValueWarnings(publicEnv: PublicEnv): string[] {
  const sales = read(publicEnv.PUBLIC_SALES_WHATSAPP, DEMO_SALES_LINE);
  const isDemoLine = (value: string) => normalizeMobile(value) === DEMO_SALES_LINE;
  const ratingCount = read(publicEnv.PUBLIC_RATING_COUNT, DEMO_RATING.count);
  const ratingValue = read(publicEnv.PUBLIC_RATING_VALUE, DEMO_RATING.value);
  const demo: [boolean, string][] = [
    [
      read(publicEnv.PUBLIC_STORE_NAME, DEMO_STORE_NAME) === DEMO_STORE_NAME,
      `PUBLIC_STORE_NAME is the demo "${DEMO_STORE_NAME}": every page's header, title and structured data name it`,
    ],
    [
      isDemoLine(sales),
      `PUBLIC_SALES_WHATSAPP is the demo ${DEMO_SALES_LINE}: every page's WhatsApp links go to it`,
    ],
    [
      isDemoLine(read(publicEnv.PUBLIC_SUPPORT_PHONE, sales)),
      `PUBLIC_SUPPORT_PHONE is the demo ${DEMO_SALES_LINE} (unset, it is the sales line): the footer and contact page give it`,
    ],
    [
      isExampleEmail(read(publicEnv.PUBLIC_SUPPORT_EMAIL, DEMO_SUPPORT_EMAIL)),
      `PUBLIC_SUPPORT_EMAIL is an example.com address (the demo ${DEMO_SUPPORT_EMAIL} when unset): mail to it reaches no one`,
    ],
    [
      read(publicEnv.PUBLIC_OFFICE_ADDRESS, DEMO_OFFICE_ADDRESS) === DEMO_OFFICE_ADDRESS,
      `PUBLIC_OFFICE_ADDRESS is the demo "${DEMO_OFFICE_ADDRESS}": the contact page and structured data give it`,
    ],
    [
      Number(ratingCount) === Number(DEMO_RATING.count) &&
        Number(ratingValue) === Number(DEMO_RATING.value),
      `PUBLIC_RATING_VALUE and PUBLIC_RATING_COUNT are the demo ${DEMO_RATING.value} from ${DEMO_RATING.count} ratings: the pages claim ratings this store was not given (PUBLIC_RATING_COUNT=0 shows none)`,
    ],
  ];
  return demo
    .filter(([isDemo]) => isDemo)
    .map(([, what]) => `${what}. Set the store's own (README, Settings) and build again.`);
}

/** What is wrong with the rating and founding year settings, if anything. */
function storyProblems(publicEnv: PublicEnv): string[] {
  const problems: string[] = [];
  const value = publicEnv.PUBLIC_RATING_VALUE?.trim();
  if (value && !(Number(value) >= 1 && Number(value) <= 5)) {
    problems.push(`PUBLIC_RATING_VALUE="${value}" must be a rating from 1 to 5 (e.g. 4.6).`);
  }
  const count = publicEnv.PUBLIC_RATING_COUNT?.trim();
  if (count && !/^\d+$/.test(count)) {
    problems.push(
      `PUBLIC_RATING_COUNT="${count}" must be a whole number of ratings (0 shows no rating).`,
    );
  }
  const year = publicEnv.PUBLIC_FOUNDING_YEAR?.trim();
  if (year && !(/^\d{4}$/.test(year) && Number(year) >= 1900 && Number(year) <= thisYear())) {
    problems.push(`PUBLIC_FOUNDING_YEAR="${year}" must be a year, such as 2012.`);
  }
  return problems;
}

const thisYear = () => new Date().getFullYear();

/** Throws one error listing every problem of checkBuildEnv (how the build stops). */
export function assertBuildEnv(publicEnv: PublicEnv): void {
  const { errors } = checkBuildEnv(publicEnv);
  if (errors.length > 0) {
    throw new Error(`Invalid web build settings:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
  }
}

const rawSalesWhatsapp = read(env.PUBLIC_SALES_WHATSAPP, DEMO_SALES_LINE);
// Stored as its 10 digits (the build refuses a value that is not a mobile number).
const salesWhatsapp = normalizeMobile(rawSalesWhatsapp) ?? rawSalesWhatsapp;

export const siteConfig: SiteConfig = {
  storeName: read(env.PUBLIC_STORE_NAME, DEMO_STORE_NAME),
  salesWhatsapp,
  salesWhatsappInternational: `91${salesWhatsapp}`,
  supportEmail: read(env.PUBLIC_SUPPORT_EMAIL, DEMO_SUPPORT_EMAIL),
  supportPhone: read(env.PUBLIC_SUPPORT_PHONE, salesWhatsapp),
  officeAddress: read(env.PUBLIC_OFFICE_ADDRESS, DEMO_OFFICE_ADDRESS),
  grievanceOfficer: {
    name: read(env.PUBLIC_GRIEVANCE_OFFICER, 'the Grievance Officer'),
    email: read(env.PUBLIC_GRIEVANCE_EMAIL, read(env.PUBLIC_SUPPORT_EMAIL, DEMO_SUPPORT_EMAIL)),
  },
  publicBaseUrl: withoutTrailingSlash(read(env.PUBLIC_BASE_URL, 'http://localhost:3000')),
  apiBaseUrl: withoutTrailingSlash(read(env.PUBLIC_API_BASE_URL, '')),
  gaMeasurementId: read(env.PUBLIC_GA_ID, ''),
  chatWidgetToken: read(env.PUBLIC_CHAT_WIDGET_TOKEN, ''),
  socialLinks: [
    { name: 'Facebook', href: read(env.PUBLIC_FACEBOOK_URL, 'https://www.facebook.com/') },
    { name: 'Instagram', href: read(env.PUBLIC_INSTAGRAM_URL, 'https://www.instagram.com/') },
    { name: 'X', href: read(env.PUBLIC_X_URL, 'https://x.com/') },
    { name: 'YouTube', href: read(env.PUBLIC_YOUTUBE_URL, 'https://www.youtube.com/') },
    { name: 'LinkedIn', href: read(env.PUBLIC_LINKEDIN_URL, 'https://www.linkedin.com/') },
  ],
  rating:
    Number(read(env.PUBLIC_RATING_COUNT, DEMO_RATING.count)) > 0
      ? {
          value: Number(read(env.PUBLIC_RATING_VALUE, DEMO_RATING.value)),
          count: Number(read(env.PUBLIC_RATING_COUNT, DEMO_RATING.count)),
        }
      : null,
  foundingYear: Number(read(env.PUBLIC_FOUNDING_YEAR, '2010')),
};

/** Year the site was built (falls back to the current year outside a Vite build, e.g. tests). */
export const buildYear: number =
  typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();

/** Absolute URL on the public site for a root-relative path. */
export function absoluteUrl(path: string): string {
  return `${siteConfig.publicBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Link that opens a WhatsApp chat with the sales line, optionally with prefilled text. */
export function whatsappLink(text?: string): string {
  const base = `https://wa.me/${siteConfig.salesWhatsappInternational}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
