import { formatInr } from '@store/domain';
import type { Order } from '../order-types';
import { Row } from './order-card';

const percent = (value: number) => `${value}%`;

/** Subtotal, TDS (when deducted), CGST and SGST or IGST, and the total of an order. */
export function AmountBreakdown({ amounts }: { amounts: Order['amounts'] }) {
  return (
    <dl className="mt-4 border-t border-slate-200 pt-3" aria-label="Amount breakdown">
      <Row term="Subtotal">{formatInr(amounts.subtotal)}</Row>
      {amounts.tdsPercent > 0 ? (
        <>
          <Row term={`TDS deducted (${percent(amounts.tdsPercent)})`}>
            −{formatInr(amounts.tdsDeducted)}
          </Row>
          {/* Orders before GST was charged on the full value took TDS off first. */}
          {amounts.taxable !== amounts.subtotal ? (
            <Row term="Taxable value">{formatInr(amounts.taxable)}</Row>
          ) : null}
        </>
      ) : null}
      {amounts.igstAmount > 0 ? (
        <Row term={`IGST (${percent(amounts.igstPercent)})`}>{formatInr(amounts.igstAmount)}</Row>
      ) : (
        <>
          <Row term={`CGST (${percent(amounts.cgstPercent)})`}>{formatInr(amounts.cgstAmount)}</Row>
          <Row term={`SGST (${percent(amounts.sgstPercent)})`}>{formatInr(amounts.sgstAmount)}</Row>
        </>
      )}
      <Row term="Total" strong>
        {formatInr(amounts.totalAmount)}
      </Row>
    </dl>
  );
}
