/** Navigation of spec §2, shared by the header, the footer and the WhatsApp button. */

export interface NavLink {
  readonly label: string;
  readonly to: string;
}

export const mainNavLinks: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Premium Numbers', to: '/premium-numbers' },
  { label: 'Offer Zone', to: '/offer-zone' },
  { label: 'Contact Us', to: '/contact-us' },
];

export const productLinks: readonly NavLink[] = [
  { label: 'Smart IVR', to: '/products/smart-ivr' },
  { label: 'SMS Solutions', to: '/products/sms-solutions' },
  { label: 'WhatsApp', to: '/products/whatsapp' },
];

/** The header's Products menu: the products, and the family packs of numbers. */
export const productMenuLinks: readonly NavLink[] = [
  ...productLinks,
  { label: 'Family Packs', to: '/family-packs' },
];

export const footerQuickLinks: readonly NavLink[] = [
  { label: 'Career', to: '/career' },
  { label: 'Testimonial', to: '/testimonial' },
  { label: 'Video Gallery', to: '/video-gallery' },
  { label: 'Blogs', to: '/blogs' },
  { label: 'Vip-Numbers', to: '/vip-numbers' },
];

export const footerSupportLinks: readonly NavLink[] = [
  { label: 'Contact Us', to: '/contact-us' },
  { label: "FAQ'S", to: "/faq's" },
  { label: 'Why us?', to: '/why-us' },
];

export const footerPolicyLinks: readonly NavLink[] = [
  { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Refund Policy', to: '/refund-policy' },
];

/** Link to the listing filtered by a category slug. */
export function categoryPath(slug: string): string {
  return `/premium-numbers?category=${encodeURIComponent(slug)}`;
}

export function statePath(stateSlug: string): string {
  return `/vip-numbers/${stateSlug}`;
}

export function cityPath(stateSlug: string, citySlug: string): string {
  return `/vip-numbers/${stateSlug}/${citySlug}`;
}
