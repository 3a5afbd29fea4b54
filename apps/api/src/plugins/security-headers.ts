import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Google Analytics 4 (gtag.js), as Google's CSP guide for GA4 lists it: the script comes from
 * *.googletagmanager.com; measurements go out by fetch or beacon (connect-src) or, as a
 * fallback, as an image (img-src).
 */
const ga4 = {
  script: ['https://*.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/**
 * The live-chat widget (Tawk.to, apps/web/src/features/layout/chat-widget.tsx), as its CSP guide
 * lists it (its fonts are covered by `font-src https:`); admitted only when the web build is
 * given a token (PUBLIC_CHAT_WIDGET_TOKEN).
 */
const chatWidget = {
  script: ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
  connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
  frame: ['https://*.tawk.to'],
  style: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
  media: ['https://*.tawk.to'],
};

/**
 * Razorpay Checkout, as its real script needs it: the script from checkout.razorpay.com, the
 * payment window it frames from api.razorpay.com (and checkout.razorpay.com), its calls to
 * api.razorpay.com and its checkout telemetry to lumberjack.razorpay.com; and the origin of
 * RAZORPAY_CHECKOUT_URL when that is another (a stand-in's, decision 0076): its script, and its
 * calls back to capture the payment. The stand-in frames nothing.
 */
function razorpayCheckout(checkoutUrl: string) {
  const razorpay = 'https://checkout.razorpay.com';
  const origin = new URL(checkoutUrl).origin;
  const configured = origin === razorpay ? [] : [origin];
  return {
    script: [razorpay, ...configured],
    connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com', ...configured],
    frame: ['https://api.razorpay.com', razorpay],
  };
}

const CSP = 'content-security-policy';
const scriptSources = Symbol('scriptSources');

declare module 'fastify' {
  interface FastifyReply {
    [scriptSources]: string[] | null;
    /**
     * Admits these inline scripts on this answer's page (CSP sources: `'sha256-...'` hashes of
     * the page's scripts: a prerendered page's from the build, see web-app.ts; a number page's
     * as it is rendered, see number-pages.ts).
     */
    allowScripts(sources: readonly string[]): void;
  }
}

/**
 * Helmet's headers, and a Content-Security-Policy of our own making that allows no inline
 * script by default (no 'unsafe-inline' for scripts): a page admits exactly its own inline
 * scripts, by hash (prerendered files, and number pages as they are rendered). Analytics, the
 * payment checkout and the chat widget load from their own hosts; videos embed from YouTube.
 */
export const securityHeaders = fp(async (app) => {
  const { config } = app;
  const chat = config.PUBLIC_CHAT_WIDGET_TOKEN
    ? chatWidget
    : { script: [], connect: [], frame: [], style: [], media: [] };
  const razorpay = razorpayCheckout(config.RAZORPAY_CHECKOUT_URL);
  const directives = (extraScripts: readonly string[]): Array<[string, string[]]> => [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['font-src', ["'self'", 'https:', 'data:']],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    // `https:` already admits any image over HTTPS; GA4's hosts are named as well so that
    // narrowing it later keeps analytics working.
    ['img-src', ["'self'", 'data:', 'https:', ...ga4.img]],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'", ...extraScripts, ...ga4.script, ...razorpay.script, ...chat.script]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'", ...chat.style]],
    ['connect-src', ["'self'", ...ga4.connect, ...razorpay.connect, ...chat.connect]],
    ['media-src', ["'self'", ...chat.media]],
    ['frame-src', ['https://www.youtube-nocookie.com', ...razorpay.frame, ...chat.frame]],
    // Only for a store served over https: on an http address (a trial on loopback) the browser
    // would ask for every asset over https and get nothing.
    ...(config.isProduction && config.PUBLIC_BASE_URL.startsWith('https:')
      ? [['upgrade-insecure-requests', []] as [string, string[]]]
      : []),
  ];
  const policy = (extraScripts: readonly string[] = []) =>
    directives(extraScripts)
      .map(([name, values]) => [name, ...values].join(' '))
      .join(';');
  const basePolicy = policy();

  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.isProduction,
  });

  app.decorateReply(scriptSources, null);
  app.decorateReply('allowScripts', function (this: FastifyReply, sources: readonly string[]) {
    this[scriptSources] = [...(this[scriptSources] ?? []), ...sources];
    this.header(CSP, policy(this[scriptSources]));
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(CSP, basePolicy);
  });
});
