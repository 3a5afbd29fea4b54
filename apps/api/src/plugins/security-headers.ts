import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Helmet with a CSP that fits the prerendered app: React Router's hydration data is an inline
 * script, analytics and the payment checkout load from their own hosts, videos embed from YouTube.
 */
export const securityHeaders = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          "'unsafe-inline'",
          'https://www.googletagmanager.com',
          'https://checkout.razorpay.com',
        ],
        connectSrc: [
          "'self'",
          'https://*.google-analytics.com',
          'https://www.googletagmanager.com',
          'https://api.razorpay.com',
        ],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: [
          'https://www.youtube-nocookie.com',
          'https://api.razorpay.com',
          'https://checkout.razorpay.com',
        ],
        upgradeInsecureRequests: app.config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: app.config.isProduction,
  });
});
