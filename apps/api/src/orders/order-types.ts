import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../audit/audit-service';
import type { CartService } from '../cart/cart-service';
import type { CatalogService } from '../catalog/catalog-service';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import type { InvoiceService } from '../invoices/invoice-service';
import type { cancelCauses, orderItems, orders } from '../db/schema';
import type { Outbox } from '../notify/outbox';
import type { StaffAlerts } from '../notify/staff-alerts';
import type { PaymentService } from '../payments/payment-service';
import type { BillingDetails, UserService } from '../users/user-service';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** Why a cancellation closed an order (order_events.cause, decision 0071). */
export type CancelCause = (typeof cancelCauses)[number];

/** The buyer's details as they were at checkout (orders.billing). */
export type Billing = BillingDetails;

/** What the orders capability works with (createServices builds it). */
export interface OrderDeps {
  config: Config;
  database: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  catalog: CatalogService;
  cart: CartService;
  users: UserService;
  payments: PaymentService;
  invoices: InvoiceService;
  audit: AuditService;
  staffAlerts: StaffAlerts;
  outbox: Outbox;
}
