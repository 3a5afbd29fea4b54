import { formatInr } from '@store/domain';
import { formatIndianDate } from '../../../lib/format';
import { siteConfig } from '../../../lib/site-config';
import type { Order, OrderItem } from '../order-types';

/**
 * A file of the order to download: its invoice, a credit note (`credit-notes/<file>`), an invoice
 * a billing correction replaced (`invoices/<file>`).
 */
export const orderFileUrl = (order: Pick<Order, 'id'>, path: string) =>
  `${siteConfig.apiBaseUrl}/api/v1/orders/${encodeURIComponent(order.id)}/${path}`;

/** A refund transfer as the buyer's page shows it (a number's refund or one of the order's). */
export type RefundTransfer = Pick<
  NonNullable<OrderItem['refund']>,
  'amount' | 'at' | 'reference' | 'creditNote'
>;

/** A credit note's serial (CN/yy-yy/nnnnnn) by its file, as the link to it names it. */
export const creditNoteSerial = (order: Pick<Order, 'taxDocuments'>, file: string) =>
  order.taxDocuments.creditNotes.find((note) => note.file === file)?.serial ?? '';

/**
 * One refund transfer in a line: how much went back, when, the reference the buyer's bank knows
 * it by (decision 0054) and its credit note.
 */
export function RefundLine({
  order,
  refund,
}: {
  order: Pick<Order, 'id' | 'taxDocuments'>;
  refund: RefundTransfer;
}) {
  return (
    <>
      Refunded {formatInr(refund.amount)} on{' '}
      <time dateTime={refund.at}>{formatIndianDate(refund.at, { month: 'short' })}</time>
      {refund.reference ? (
        <>
          {' '}
          · Refund reference <span className="font-mono">{refund.reference}</span>
        </>
      ) : null}
      {refund.creditNote ? (
        <>
          {' '}
          ·{' '}
          <a
            href={orderFileUrl(order, `credit-notes/${refund.creditNote}`)}
            className="underline"
            download
          >
            Credit note {creditNoteSerial(order, refund.creditNote)} (PDF)
          </a>
        </>
      ) : null}
    </>
  );
}
