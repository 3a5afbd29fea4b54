import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin, requireStaff } from '../auth/auth-service';
import { ADMINISTRATORS_ONLY } from './admin-schemas';
import { adminAuditRoutes } from './audit-routes';
import { adminCustomerRoutes } from './customers-routes';
import { adminDashboardRoutes } from './dashboard-routes';
import { adminEnquiryRoutes } from './enquiries-routes';
import { adminImportRoutes } from './imports-routes';
import { adminMessageRoutes } from './messages-routes';
import { adminNumberRoutes } from './numbers-routes';
import { adminOrderRoutes } from './orders-routes';
import { adminStaffRoutes } from './staff-routes';
import { adminTaxRegisterRoutes } from './tax-register-routes';

const administratorsOnly = (request: FastifyRequest) =>
  (request.routeOptions.schema?.tags ?? []).includes(ADMINISTRATORS_ONLY);

/**
 * The staff console's API, under /api/v1/admin. One guard for all of it: 401 for visitors, 403
 * for customers; routes declared with `adminOnlyRoute` also answer 403 to support.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    await requireStaff(request);
    if (administratorsOnly(request)) await requireAdmin(request);
  });
  await app.register(adminOrderRoutes);
  await app.register(adminEnquiryRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminNumberRoutes);
  await app.register(adminImportRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminStaffRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminTaxRegisterRoutes);
  await app.register(adminMessageRoutes);
}
