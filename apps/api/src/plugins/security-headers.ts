import helmet from '@fastify/helmet';
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
 * The live-chat widget (Tawk.to, apps/web/src/features/layout/chat-widget.tsx), as its CSP guide lists it
 * (its fonts are covered by helmet's default `font-src https:`); admitted only when the web build
 * is given a token (PUBLIC_CHAT_WIDGET_TOKEN).
 */
const chatWidget = {
  script: ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
  connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
  frame: ['https://*.tawk.to'],
  style: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
  media: ['https://*.tawk.to'],
};

/**
 * Helmet with a CSP that fits the prerendered app: React Router's hydration data is an inline
 * script, analytics and the payment checkout load from their own hosts, videos embed from YouTube.
 */
export const securityHeaders = fp(async (app) => {
  const chat = app.config.PUBLIC_CHAT_WIDGET_TOKEN
    ? chatWidget
    : { script: [], connect: [], frame: [], style: [], media: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          "'unsafe-inline'",
          ...ga4.script,
          'https://checkout.razorpay.com',
          ...chat.script,
        ],
        connectSrc: ["'self'", ...ga4.connect, 'https://api.razorpay.com', ...chat.connect],
        // `https:` already admits any image over HTTPS; GA4's hosts are named as well so that
        // narrowing it later keeps analytics working.
        imgSrc: ["'self'", 'data:', 'https:', ...ga4.img],
        styleSrc: ["'self'", "'unsafe-inline'", ...chat.style],
        mediaSrc: ["'self'", ...chat.media],
        frameSrc: [
          'https://www.youtube-nocookie.com',
          'https://api.razorpay.com',
          'https://checkout.razorpay.com',
          ...chat.frame,
        ],
        upgradeInsecureRequests: app.config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: app.config.isProduction,
  });
});
