/** The orders feature as other features see it: the buyer's order history (profile page). */
export { OrderHistory } from './order-history';
