import { supplierNow } from '../invoices/invoice-service';
import {
  formatIndiaDateTime,
  isInterState,
  orderStatusLabels,
  placeOfSupply,
  splitGst,
} from '@store/domain';
import { inTransaction, type Tx } from '../db/transactions';
import { badRequest, conflict, notFound } from '../http/app-error';
import { billedTo } from './order-billing';
import { billingCorrectedMessages, enqueueForBuyer } from './order-messages';
import type { BillingCorrectionBody, BillingSeen } from './order-schemas';
import { insertOrderEvent, lockOrder, updateOrder } from './order-store';
import type { Billing, OrderDeps, OrderRow } from './order-types';

export interface BillingCorrectionInput extends BillingCorrectionBody {
  staffUserId: string;
}

/** The billing fields a correction may change, as the audit entry and the timeline name them. */
const correctable = {
  name: { label: 'name', of: (billing: BillingSeen) => billing.name },
  companyName: { label: 'company', of: (billing: BillingSeen) => billing.companyName },
  gstinNo: { label: 'GSTIN', of: (billing: BillingSeen) => billing.gstinNo },
  'address.line1': { label: 'address', of: (billing: BillingSeen) => billing.address?.line1 },
  'address.line2': { label: 'address', of: (billing: BillingSeen) => billing.address?.line2 },
  'address.city': { label: 'city', of: (billing: BillingSeen) => billing.address?.city },
  'address.state': { label: 'state', of: (billing: BillingSeen) => billing.address?.state },
  'address.pinCode': { label: 'PIN code', of: (billing: BillingSeen) => billing.address?.pinCode },
} as const;

type Field = keyof typeof correctable;

/** The fields whose values differ (`''`, null and absent alike). */
const changedFields = (from: BillingSeen, to: BillingSeen): Field[] =>
  (Object.keys(correctable) as Field[]).filter(
    (field) => (correctable[field].of(from) || null) !== (correctable[field].of(to) || null),
  );

/** 409 BILLING_CHANGED: another agent corrected the billing since the caller's page showed it. */
async function billingChanged(deps: Pick<OrderDeps, 'audit'>, tx: Tx, order: OrderRow) {
  const last = await deps.audit.lastChange(tx, 'order', order.id, 'order.billing_correct');
  const who = last
    ? `${last.by ?? 'Someone'} corrected this order's billing details at ${formatIndiaDateTime(last.at)}`
    : "This order's billing details changed";
  return conflict(
    `${who}, after you opened it. Nothing was changed: read the details as they are now, and correct them again only if they are still wrong.`,
    'BILLING_CHANGED',
    { corrected: { by: last?.by ?? null, at: last?.at.toISOString() ?? null } },
  );
}

/**
 * Support corrects an order's billing details (decision 0070): the name, address and, for a
 * Corporate order, the company and GSTIN; never the buyer type or the amounts (fixed at
 * checkout). The order's row is locked and the billing the agent saw (`expected`) compared, so
 * of two agents at once one corrects and the other gets 409 BILLING_CHANGED. The place of supply
 * follows the new billing (placeOfSupply), and the GST is split again for it, the same total.
 * Unpaid: the snapshot changes, nothing else. Paid: the invoice is cancelled by a credit note for
 * its full amount, keeping what it printed, and a new one issued under the next number, all in
 * this transaction; refused (409) once a refund was made or the order is cancelled or refunded:
 * the accountant's work then. A timeline event, an audit entry (order.billing_correct, the
 * fields changed, not their values, and the place of supply when it changed) and the buyer's e-mail with the new invoice.
 */
export async function correctBilling(
  deps: OrderDeps,
  orderId: string,
  input: BillingCorrectionInput,
): Promise<OrderRow> {
  const { order, messageIds } = await inTransaction(deps.database, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order not found.');
    const current = order.billing as Billing;
    if (changedFields(current, input.expected).length > 0) {
      throw await billingChanged(deps, tx, order);
    }
    if (order.status === 'cancelled' || order.status === 'refunded') {
      const status = orderStatusLabels[order.status].toLowerCase();
      throw conflict(
        (await deps.invoices.invoiceOf(order.id, tx))
          ? `This order is ${status}: its billing details cannot be corrected here. Correct its tax documents by hand with the accountant.`
          : `This order is ${status} and has no tax invoice: there is nothing to correct.`,
        'CORRECT_BY_HAND',
      );
    }
    const payments = (await deps.payments.forOrders([order.id], tx)).get(order.id) ?? [];
    if (payments.some((payment) => payment.refunds.some((refund) => refund.status !== 'failed'))) {
      throw conflict(
        'This order has a refund and its credit note: its billing details cannot be corrected here. Correct its tax documents by hand with the accountant.',
        'CORRECT_BY_HAND',
      );
    }

    const { companyName, gstinNo, ...given } = input.billing;
    const corporate = current.accountType === 'Corporate';
    if (!corporate && (companyName || gstinNo)) {
      throw badRequest(
        'This is an Individual order: it has no company name or GSTIN (the buyer type is fixed at checkout).',
        'ACCOUNT_TYPE_FIXED',
      );
    }
    if (corporate && !gstinNo) throw badRequest('Enter the GSTIN of this Corporate order.');
    const base = corporate
      ? { ...current, companyName: companyName ?? null, gstinNo: gstinNo ?? null }
      : current;
    const billing = billedTo(base, given, input.confirmGstinStateMismatch, "The buyer's");
    const fields = changedFields(current, billing);
    if (fields.length === 0) {
      throw badRequest(
        'These are the billing details the order has already: there is nothing to correct.',
        'NOTHING_CHANGED',
      );
    }

    // Under the store the order was placed with, which issued its invoice and issues the new one.
    const storeState = (order.supplier ?? supplierNow(deps.config)).state;
    const supply = placeOfSupply(storeState, {
      billingState: billing.address?.state,
      gstin: billing.gstinNo,
    });
    // The tax consequence, audited when it changed.
    const moved = supply !== order.placeOfSupply;
    const gst = order.cgstAmount + order.sgstAmount + order.igstAmount;
    const corrected = await updateOrder(tx, order.id, {
      billing,
      placeOfSupply: supply,
      ...splitGst(gst, isInterState(storeState, supply)),
    });
    const at = new Date();
    const documents = await deps.invoices.replaceInvoice(
      tx,
      corrected,
      {
        billing: current,
        placeOfSupply: order.placeOfSupply,
        cgstAmount: order.cgstAmount,
        sgstAmount: order.sgstAmount,
        igstAmount: order.igstAmount,
      },
      at,
    );
    const labels = [...new Set(fields.map((field) => correctable[field].label))].join(', ');
    const reissued = documents
      ? ` Invoice ${documents.replaced.serial} cancelled by credit note ${documents.creditNote.serial}; invoice ${documents.invoice.serial} issued.`
      : '';
    await insertOrderEvent(tx, {
      orderId: order.id,
      status: order.status,
      note: `Billing details corrected (${labels}).${reissued} Reason: ${input.reason}`,
      staffUserId: input.staffUserId,
    });
    await deps.audit.record(tx, {
      actorId: input.staffUserId,
      action: 'order.billing_correct',
      entityType: 'order',
      entityId: order.id,
      orderId: order.id,
      before: {
        invoice: documents?.replaced.serial ?? null,
        ...(moved && { placeOfSupply: order.placeOfSupply }),
      },
      after: {
        ...(moved && { placeOfSupply: supply }),
        fields,
        invoice: documents?.invoice.serial ?? null,
        creditNote: documents?.creditNote.serial ?? null,
      },
      note: input.reason,
    });
    const messageIds = await enqueueForBuyer(deps, tx, corrected, (contact) =>
      billingCorrectedMessages(
        deps.config,
        contact,
        corrected,
        documents && {
          invoice: documents.invoice.serial,
          replaced: documents.replaced.serial,
          creditNote: documents.creditNote.serial,
        },
        order,
      ),
    );
    return { order: corrected, messageIds };
  });
  await deps.outbox.deliverNow(messageIds);
  return order;
}
