import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { createAlertService } from './alerts/alert-service';
import { createAuditService } from './audit/audit-service';
import { createAuthService } from './auth/auth-service';
import { createCartService } from './cart/cart-service';
import { createInProcessCatalogChanges, type CatalogChanges } from './catalog/catalog-changes';
import { createCatalogService } from './catalog/catalog-service';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { createDevService } from './dev/dev-service';
import { createEnquiryService } from './enquiries/enquiry-service';
import { createHealthService } from './health/health-service';
import { createImportService } from './imports/import-service';
import { createMessageService } from './messages/message-service';
import type { Notifier } from './notify/notifier';
import { createOutbox } from './notify/outbox';
import { createStaffAlerts } from './notify/staff-alerts';
import { createInvoiceService } from './invoices/invoice-service';
import { createOrderService } from './orders/order-service';
import { createPaymentService } from './payments/payment-service';
import { createRetentionService } from './retention/retention-service';
import { createStaffService } from './staff/staff-service';
import { createAccountClosing } from './users/account-closing';
import { createDataExport } from './users/data-export';
import { createCustomerDirectory } from './users/customer-directory';
import { createUserService } from './users/user-service';

export interface ServiceDeps {
  config: Config;
  database: Database;
  notifier: Notifier;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Where the catalogue tells its changes; by default to this process only. */
  catalogChanges?: CatalogChanges;
}

/**
 * Every capability's service, built once (at start-up, or once by a command or a test). Routes
 * take them from `app.services`; a service reaches another only through what it is given here.
 * Building them touches nothing: the database is first used by the first call.
 */
export function createServices(deps: ServiceDeps) {
  const { config, database, notifier, log } = deps;
  const audit = createAuditService({ database });
  const catalog = createCatalogService({
    config,
    database,
    changes: deps.catalogChanges ?? createInProcessCatalogChanges(),
    audit,
  });
  const outbox = createOutbox({
    database,
    notifier,
    log,
    // Longer than any delivery may take (each provider call gives up after the timeout).
    leaseMs: Math.max(60, 3 * config.OUTBOUND_TIMEOUT_SECONDS) * 1000,
    // Called only as a message is sent, once the orders service exists.
    invoiceAttachment: (orderId, kind, serial) => orders.invoiceAttachment(orderId, kind, serial),
  });
  const staffAlerts = createStaffAlerts({ config });
  const users = createUserService({ database });
  const payments = createPaymentService({ config, database });
  const invoices = createInvoiceService({ database, config });
  // The cart cancels open orders when numbers leave it, and orders read and empty the cart:
  // the cart reaches the orders service through this function, called only once both exist.
  const cart = createCartService({
    config,
    database,
    catalog,
    users,
    openOrders: {
      cancelForRemovedNumbers: (...args) => orders.cancelForRemovedNumbers(...args),
      liveOpenOrder: (userId) => orders.liveOpenOrder(userId),
    },
    outbox,
  });
  const orders = createOrderService({
    config,
    database,
    log,
    catalog,
    cart,
    users,
    payments,
    invoices,
    audit,
    staffAlerts,
    outbox,
  });
  const auth = createAuthService({ config, database, notifier, outbox, log, users, audit });
  const alerts = createAlertService({ config, database, notifier, outbox, log, catalog, users });
  return {
    audit,
    outbox,
    accountClosing: createAccountClosing({ config, database, auth, audit, outbox }),
    dataExport: createDataExport({ database, audit }),
    customers: createCustomerDirectory({ database }),
    staffAlerts,
    auth,
    users,
    catalog,
    cart,
    orders,
    alerts,
    payments,
    invoices,
    enquiries: createEnquiryService({
      config,
      database,
      notifier,
      log,
      audit,
      staffAlerts,
      outbox,
    }),
    imports: createImportService({ database, catalog, audit, log, dataDir: config.DATA_DIR }),
    messages: createMessageService({ database, users, audit, outbox }),
    staff: createStaffService({ config, database, notifier, outbox, users, auth, audit }),
    health: createHealthService(database),
    dev: createDevService(database),
    retention: createRetentionService({ config, database }),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every capability's service (createServices), built once when the app is built. */
    services: Services;
  }
}

/** Decorates the app with its services (`app.services`), built once from these. */
export const servicesPlugin = fp(
  async (app, deps: ServiceDeps) => {
    app.decorate('services', createServices(deps));
  },
  { name: 'services' },
);
