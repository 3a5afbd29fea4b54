import { type RouteConfig, index, route } from '@react-router/dev/routes';

// Spec §2. Every route module is code-split and loaded on demand by React Router.
export default [
  index('content/home-page.tsx'),
  route('profile', 'account/profile-page.tsx'),

  route('products/smart-ivr', 'content/products/smart-ivr-page.tsx'),
  route('products/sms-solutions', 'content/products/sms-solutions-page.tsx'),
  route('products/whatsapp', 'content/products/whatsapp-page.tsx'),

  route('premium-numbers', 'catalog/premium-numbers-page.tsx'),
  route('offer-zone', 'catalog/offer-zone-page.tsx'),

  route('contact-us', 'content/contact-us-page.tsx'),
  route('cart', 'cart/cart-page.tsx'),
  route('orders/:orderId', 'orders/order-page.tsx'),
  route('blogs', 'content/blogs/blog-list-page.tsx'),
  route('blogs/:slug', 'content/blogs/blog-detail-page.tsx'),
  route('career', 'content/career-page.tsx'),
  route('testimonial', 'content/testimonial-page.tsx'),
  route('video-gallery', 'content/video-gallery-page.tsx'),
  route("faq's", 'content/faq-page.tsx'),
  route('why-us', 'content/why-us-page.tsx'),
  route('privacy-policy', 'content/privacy-policy-page.tsx'),
  route('refund-policy', 'content/refund-policy-page.tsx'),
  route('terms-and-conditions', 'content/terms-page.tsx'),

  route('vip-numbers', 'locations/vip-numbers-page.tsx'),
  route('vip-numbers/:stateSlug', 'locations/state-page.tsx'),
  route('vip-numbers/:stateSlug/:citySlug', 'locations/city-page.tsx'),

  // Any unknown path: replace-navigate to /premium-numbers.
  route('*', 'content/unknown-path-page.tsx'),
] satisfies RouteConfig;
