import { toRupees } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, ok } from '../http/envelope';
import { consoleRoute, staffErrors } from './admin-schemas';
import { consoleCountsSchema, dashboardSchema } from './dashboard-schemas';

const inRupees = <T extends { revenuePaise: number }>({ revenuePaise, ...rest }: T) => ({
  ...rest,
  revenue: toRupees(revenuePaise),
});

/** The console's dashboard and the counts beside its navigation. */
export async function adminDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { orders, catalog, enquiries, messages } = app.services;

  app.get(
    '/dashboard',
    {
      schema: {
        ...consoleRoute,
        summary:
          'Sales, orders waiting, porting overdue, open enquiries, messages not delivered and stock at a glance',
        description:
          'Days and months in India (Asia/Kolkata). A sale is an order paid in the period ' +
          '(paid_at) and not cancelled or refunded since; money in rupees.',
        response: { 200: envelope(dashboardSchema), ...staffErrors },
      },
    },
    async (_request, reply) => {
      const [figures, inventory, open, undelivered] = await Promise.all([
        orders.dashboardFigures(new Date()),
        catalog.inventoryByCategory(),
        enquiries.countOpen(),
        messages.countUndelivered(),
      ]);
      const { sales, waiting, overdue } = figures;
      reply.header('cache-control', 'no-store');
      return ok({
        timeZone: 'Asia/Kolkata' as const,
        today: sales.daily.at(-1)!.date,
        sales: {
          today: inRupees(sales.today),
          thisMonth: inRupees(sales.thisMonth),
          lastMonth: inRupees(sales.lastMonth),
        },
        daily: sales.daily.map(inRupees),
        waiting,
        overdue,
        enquiries: { open },
        messages: { undelivered },
        inventory,
      });
    },
  );

  app.get(
    '/counts',
    {
      schema: {
        ...consoleRoute,
        summary: 'Counts beside the console navigation: orders needing action, open enquiries',
        description: 'Polled by the console every 30 seconds; never cached.',
        response: { 200: envelope(consoleCountsSchema), ...staffErrors },
      },
    },
    async (_request, reply) => {
      const [ordersNeedingAction, openEnquiries] = await Promise.all([
        orders.countNeedingAction(),
        enquiries.countOpen(),
      ]);
      reply.header('cache-control', 'no-store');
      return ok({ orders: ordersNeedingAction, enquiries: openEnquiries });
    },
  );
}
