/**
 * The orders feature as other features see it: the buyer's order history (profile page), and
 * the boxes, amounts and billing details the console shows as the buyer sees them.
 */
export { OrderHistory } from './order-history';
export { AmountBreakdown } from './order-details/amount-breakdown';
export { addressLine, BillingSection } from './order-details/billing-section';
export { Card } from './order-details/order-card';
export { upcOpen } from './order-details/upc-open';
