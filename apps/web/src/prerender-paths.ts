import { states } from '@store/domain';
import { blogPosts } from './content/blogs/posts';

/** Pages of the content feature that need no sign-in. */
export const contentPaths = [
  '/contact-us',
  '/blogs',
  '/career',
  '/testimonial',
  '/video-gallery',
  "/faq's",
  '/why-us',
  '/privacy-policy',
  '/refund-policy',
  '/terms-and-conditions',
] as const;

export const productPaths = [
  '/products/smart-ivr',
  '/products/sms-solutions',
  '/products/whatsapp',
] as const;

/**
 * Every path written to static HTML at build time (react-router.config.ts `prerender`): all
 * routes that need no sign-in. Not prerendered (served the SPA fallback): /cart, /profile,
 * unknown paths. Add new public pages here.
 */
export function getPrerenderPaths(): string[] {
  const paths = [
    '/',
    '/premium-numbers',
    '/offer-zone',
    '/vip-numbers',
    ...states.flatMap((state) => [
      `/vip-numbers/${state.slug}`,
      ...state.cities.map((city) => `/vip-numbers/${state.slug}/${city.slug}`),
    ]),
    ...productPaths,
    ...contentPaths,
    ...blogPosts.map((post) => `/blogs/${post.slug}`),
  ];
  return [...new Set(paths)];
}
