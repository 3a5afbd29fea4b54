/**
 * One address of every kind of page the store serves: each prerendered page type, and the app
 * shell (pages that need a session, an order, the console, unknown paths).
 */
export const pageTypes: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/premium-numbers' },
  { name: 'listing by category', path: '/premium-numbers?category=mirror-numbers' },
  { name: 'offer zone', path: '/offer-zone' },
  { name: 'family packs', path: '/family-packs' },
  { name: 'all locations', path: '/vip-numbers' },
  { name: 'state', path: '/vip-numbers/maharashtra' },
  { name: 'city', path: '/vip-numbers/maharashtra/mumbai' },
  { name: 'blog list', path: '/blogs' },
  { name: 'blog post', path: '/blogs/how-to-port-a-vip-number-with-a-upc' },
  { name: 'product', path: '/products/smart-ivr' },
  { name: 'contact (enquiry form)', path: '/contact-us' },
  { name: 'FAQ', path: "/faq's" },
  { name: 'content', path: '/why-us' },
  { name: 'video gallery', path: '/video-gallery' },
  { name: 'career', path: '/career' },
  { name: 'policy', path: '/privacy-policy' },
  { name: 'cart', path: '/cart' },
  { name: 'app shell: profile', path: '/profile' },
  { name: 'app shell: saved', path: '/saved' },
  { name: 'app shell: order', path: '/orders/2f6c1c2e-0000-4000-8000-000000000000' },
  { name: 'app shell: console', path: '/admin' },
  { name: 'app shell: unknown path', path: '/no-such-page' },
];
