import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// Spec §2. Every route module is code-split and loaded on demand by React Router.
export default [
  // The storefront: header, footer and WhatsApp button around every page.
  layout('features/layout/storefront-layout.tsx', [
    index('features/content/home-page.tsx'),
    route('profile', 'features/account/profile-page.tsx'),
    route('saved', 'features/saved/saved-page.tsx'),
    route('unsubscribe', 'features/saved/unsubscribe-page.tsx'),
    route('notify-me/confirm', 'features/saved/notify-me-confirm-page.tsx'),

    route('products/smart-ivr', 'features/content/products/smart-ivr-page.tsx'),
    route('products/sms-solutions', 'features/content/products/sms-solutions-page.tsx'),
    route('products/whatsapp', 'features/content/products/whatsapp-page.tsx'),

    route('premium-numbers', 'features/catalog/premium-numbers-page.tsx'),
    route('offer-zone', 'features/catalog/offer-zone-page.tsx'),
    route('family-packs', 'features/packs/packs-page.tsx'),
    // A number's own page, rendered on request by the API; /numbers is the lookup.
    route('numbers/:number?', 'features/numbers/number-page.tsx'),
    route('numerology', 'features/numerology/numerology-page.tsx'),

    route('contact-us', 'features/content/contact-us-page.tsx'),
    route('cart', 'features/cart/cart-page.tsx'),
    route('orders', 'features/orders/orders-page.tsx'),
    route('orders/:orderId', 'features/orders/order-page.tsx'),
    route('blogs', 'features/content/blogs/blog-list-page.tsx'),
    route('blogs/:slug', 'features/content/blogs/blog-detail-page.tsx'),
    route('career', 'features/content/career-page.tsx'),
    route('testimonial', 'features/content/testimonial-page.tsx'),
    route('video-gallery', 'features/content/video-gallery-page.tsx'),
    route("faq's", 'features/content/faq-page.tsx'),
    route('why-us', 'features/content/why-us-page.tsx'),
    route('privacy-policy', 'features/content/privacy-policy-page.tsx'),
    route('refund-policy', 'features/content/refund-policy-page.tsx'),
    route('terms-and-conditions', 'features/content/terms-page.tsx'),

    route('vip-numbers', 'features/locations/vip-numbers-page.tsx'),
    route('vip-numbers/:stateSlug', 'features/locations/state-page.tsx'),
    route('vip-numbers/:stateSlug/:citySlug', 'features/locations/city-page.tsx'),

    // Any unknown path: replace-navigate to /premium-numbers.
    route('*', 'features/content/unknown-path-page.tsx'),
  ]),

  // The staff console: its own frame, loaded only when opened, never prerendered.
  route('admin', 'features/admin-shell/admin-layout.tsx', [
    index('features/admin-dashboard/dashboard-page.tsx'),
    route('inventory', 'features/admin-inventory/inventory-page.tsx'),
    route('imports', 'features/admin-imports/imports-page.tsx'),
    route('orders', 'features/admin-orders/orders-page.tsx'),
    route('orders/:orderId', 'features/admin-orders/order-page.tsx'),
    route('enquiries', 'features/admin-enquiries/enquiries-page.tsx'),
    route('enquiries/:enquiryId', 'features/admin-enquiries/enquiry-page.tsx'),
    route('staff', 'features/admin-staff/staff-page.tsx'),
    route('customers', 'features/admin-customers/customers-page.tsx'),
    route('customers/:customerId', 'features/admin-customers/customer-page.tsx'),
    route('audit', 'features/admin-audit/audit-page.tsx'),
    route('tax-register', 'features/admin-tax-register/tax-register-page.tsx'),
    route('undelivered-messages', 'features/admin-messages/undelivered-messages-page.tsx'),
  ]),
] satisfies RouteConfig;
