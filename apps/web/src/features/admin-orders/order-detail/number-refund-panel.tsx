import { formatInr, shareByPrices, toPaise, toRupees } from '@store/domain';
import { useInlinePanel } from '../../../components/inline-panel';
import { useRefundNumber } from '../api/refund-number';
import type { PaymentRecord, StaffOrder, StaffOrderItem } from '../staff-order-types';
import { RefundFormBase } from './refund-form-base';
import { NumberActionButton } from './number-action-button';

/** The refund of this number alone being made (Razorpay did not answer yet), if any. */
const requestedRefund = (order: StaffOrder, numberId: number) =>
  order.payments
    .flatMap((payment) => payment.refunds)
    .find((refund) => refund.numberId === numberId && refund.status === 'requested');

/**
 * The payment a number of this order may be refunded from, alone (decision 0039): the order
 * paid and on its porting path, the number neither ported nor refunded, the payment that paid
 * for the order not being refunded as a whole, and another number of the order still carried
 * on (the last one is the whole order's refund). Undefined when it may not.
 */
export function numberRefundPayment(
  order: StaffOrder,
  item: StaffOrderItem,
): PaymentRecord | undefined {
  const onPortingPath = ['paid', 'upc_sent', 'porting_in_progress', 'ported'].includes(
    order.status,
  );
  if (!onPortingPath || !order.paidAt || item.refund || item.porting.status === 'ported') {
    return undefined;
  }
  const payment = order.payments.find((candidate) => candidate.applied && candidate.refundable);
  const carriedOn = order.items.some(
    (other) =>
      other.numberId !== item.numberId && !other.refund && !requestedRefund(order, other.numberId),
  );
  return payment && carriedOn ? payment : undefined;
}

/** This number's share of what the buyer paid: the order's total split by price, to the paisa. */
function shareOf(order: StaffOrder, item: StaffOrderItem): number {
  const shares = shareByPrices(
    toPaise(order.amounts.totalAmount),
    order.items.map((line) => toPaise(line.price)),
  );
  return toRupees(shares[order.items.indexOf(item)]!);
}

/**
 * "Refund this number": a panel opened in place under the number (its porting failed), with the
 * reason, how for a Razorpay payment, and the amount that goes back (its share) on the button. A
 * refund Razorpay did not answer is offered to be finished instead. Once made the number says
 * it is refunded, and `onRefunded` gives the focus to it.
 */
export function NumberRefundPanel({
  order,
  item,
  payment,
  onRefunded,
}: {
  order: StaffOrder;
  item: StaffOrderItem;
  payment: PaymentRecord;
  onRefunded: () => void;
}) {
  const { open, show, close, openerRef, onKeyDown } = useInlinePanel();
  const refund = useRefundNumber(order.id, item.numberId);
  const requested = requestedRefund(order, item.numberId);
  const amount = requested?.amount ?? shareOf(order, item);
  if (!open && !requested) {
    return (
      <NumberActionButton
        openerRef={openerRef}
        onClick={show}
        label="Refund this number…"
        display={item.display}
      />
    );
  }
  return (
    <RefundFormBase
      label={`Refund ${item.display}`}
      razorpay={payment.provider === 'razorpay'}
      resume={Boolean(requested)}
      firstReason={requested?.reason}
      maxReason={500}
      explanation={
        <p className="text-sm text-slate-800">
          {formatInr(amount)}, this number’s share of what the buyer paid, goes back from payment{' '}
          <span className="font-mono">{payment.reference}</span>, with a credit note. The order
          carries on with its other numbers; the buyer is told.
        </p>
      }
      submit={`Refund ${formatInr(amount)}`}
      keepLabel="Keep the number"
      done="Number refunded."
      refund={(choice) => refund.mutateAsync(choice)}
      onDone={() => {
        close();
        onRefunded();
      }}
      onRefused={close}
      onKeyDown={onKeyDown}
    />
  );
}
