import { ConsolePage } from '../admin-shell';

/** /admin: the console's first page. */
export default function DashboardPage() {
  return (
    <ConsolePage title="Dashboard" intro="Orders, payments, enquiries and stock at a glance.">
      <p className="text-slate-700">Choose an area on the left.</p>
    </ConsolePage>
  );
}
