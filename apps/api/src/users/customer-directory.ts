import { orderStatusLabel } from '@store/domain';
import type { Database } from '../db/database';
import { notFound } from '../http/app-error';
import {
  consentsOfCustomer,
  findCustomer,
  ordersOfCustomer,
  pageOfCustomers,
  type CustomerFilter,
} from './customer-directory-store';
import { toApiAddress, toApiUser, type UserRow } from './user-mapping';
import type { StaffCustomerDetailView, StaffCustomerView } from './user-schemas';

interface CustomerRow {
  user: UserRow;
  orderCount: number;
  paidTotal: number;
  refundedTotal: number;
  lastSignInAt: string | Date | null;
}

const isoOrNull = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString());

/** A row as the console sees it: a closed account's contacts are placeholders, not shown. */
function toStaffCustomer({
  user,
  orderCount,
  paidTotal,
  refundedTotal,
  lastSignInAt,
}: CustomerRow): StaffCustomerView {
  const { id, name, email, mobile, accountType, companyName, gstinNo } = toApiUser(user);
  const closed = user.closedAt !== null;
  return {
    id,
    name,
    email: closed ? null : email,
    mobile: closed ? null : mobile,
    accountType,
    companyName,
    gstinNo,
    registeredAt: user.createdAt.toISOString(),
    lastSignInAt: isoOrNull(lastSignInAt),
    orderCount,
    paidTotal,
    refundedTotal,
    closed,
    closedAt: isoOrNull(user.closedAt),
  };
}

/**
 * The console's customer list and customer view (decision 0061): buyers' accounts only, staff
 * accounts are on the Staff page. Reads only; the routes record who looked (decision 0056).
 */
export function createCustomerDirectory({ database }: { database: Database }) {
  const { db } = database;
  return {
    async list(filter: CustomerFilter, page: number, pageSize: number) {
      const { rows, total } = await pageOfCustomers(db, filter, page, pageSize);
      return { views: rows.map(toStaffCustomer), total };
    },

    /** One buyer's account, its address, consents and orders; 404 for none or a staff account. */
    async get(id: string): Promise<StaffCustomerDetailView> {
      const row = await findCustomer(db, id);
      if (!row) throw notFound('No customer account was found.');
      const view = toStaffCustomer(row);
      const [orders, consents] = await Promise.all([
        ordersOfCustomer(db, id),
        view.closed ? [] : consentsOfCustomer(db, id),
      ]);
      return {
        ...view,
        address: toApiAddress(row.address),
        getWhatsappUpdate: row.user.getWhatsappUpdate,
        consents: consents.map(({ kind, given, source, policyVersion, at }) => ({
          kind,
          given,
          source,
          policyVersion,
          at: at.toISOString(),
        })),
        orders: orders.map(({ paymentSubmittedAt, ...order }) => ({
          ...order,
          statusLabel: orderStatusLabel(order.status, paymentSubmittedAt !== null),
          createdAt: order.createdAt.toISOString(),
          paidAt: isoOrNull(order.paidAt),
        })),
      };
    },
  };
}
