import { formatInr } from '@store/domain';
import type { Order } from '../order-types';
import { Row } from './order-card';

const percent = (value: number) => `${value}%`;

/** Subtotal, TDS (when deducted), CGST, SGST and the total of an order. */
export function AmountBreakdown({ amounts }: { amounts: Order['amounts'] }) {
  return (
    <dl className="mt-4 border-t border-slate-200 pt-3" aria-label="Amount breakdown">
      <Row term="Subtotal">{formatInr(amounts.subtotal)}</Row>
      {amounts.tdsPercent > 0 ? (
        <>
          <Row term={`TDS deducted (${percent(amounts.tdsPercent)})`}>
            −{formatInr(amounts.tdsDeducted)}
          </Row>
          <Row term="Taxable value">{formatInr(amounts.taxable)}</Row>
        </>
      ) : null}
      <Row term={`CGST (${percent(amounts.cgstPercent)})`}>{formatInr(amounts.cgstAmount)}</Row>
      <Row term={`SGST (${percent(amounts.sgstPercent)})`}>{formatInr(amounts.sgstAmount)}</Row>
      <Row term="Total" strong>
        {formatInr(amounts.totalAmount)}
      </Row>
    </dl>
  );
}
