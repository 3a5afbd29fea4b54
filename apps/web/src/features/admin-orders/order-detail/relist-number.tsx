import { Link } from 'react-router';
import { useRelistNumber } from '../api/relist-number';
import type { StaffOrderItem } from '../staff-order-types';
import { BusyButton } from '../../../components/busy-button';
import { useChangeFeedback } from './use-change-feedback';

/**
 * A number of a sale undone before its UPC went out: still sold until staff put it back on
 * sale, here at its price, or from Inventory after changing the price (decision 0033).
 */
export function RelistNumber({ orderId, item }: { orderId: string; item: StaffOrderItem }) {
  const relist = useRelistNumber(orderId);
  const { failure, attempt } = useChangeFeedback();
  const putBack = () =>
    attempt(() => relist.mutateAsync(item.numberId), `${item.display} is on sale.`);
  return (
    <div className="mt-2 text-sm text-slate-700">
      <p>Its sale was undone before a UPC went out: it stays sold until it is put back on sale.</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <BusyButton
          type="button"
          className="btn-secondary"
          busy={relist.isPending}
          onClick={() => void putBack()}
        >
          {relist.isPending ? 'Putting back…' : `Put ${item.display} back on sale`}
        </BusyButton>
        <Link
          to={`/admin/inventory?q=${item.number}`}
          className="font-semibold text-blue-800 underline"
        >
          Change its price first in Inventory
        </Link>
      </div>
      {failure ? (
        <p role="alert" className="mt-2 text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
