import { formatInr, overdueReasonLabels, overdueReasons } from '@store/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount, formatCountOf, formatIndianDate } from '../../lib/format';
import { consoleMeta, ConsolePage, QueryStatus } from '../admin-shell';
import { useDashboard, type Dashboard } from './api/get-dashboard';
import { DailySalesChart, InventoryChart } from './dashboard-charts';
import type { Route } from './+types/dashboard-page';

export const meta: Route.MetaFunction = () => consoleMeta('Dashboard');

/** /admin: sales, orders waiting at each step, porting overdue, open enquiries and stock at a glance. */
export default function DashboardPage() {
  const { data, isPending, error, refetch } = useDashboard();
  return (
    <ConsolePage title="Dashboard" intro="Orders, payments, enquiries and stock at a glance.">
      <QueryStatus
        what="dashboard"
        isPending={isPending}
        error={error}
        onRetry={() => void refetch()}
      />
      {data ? <DashboardFigures dashboard={data} /> : null}
    </ConsolePage>
  );
}

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const { sales, waiting, overdue, enquiries, messages, inventory } = dashboard;
  return (
    <div className="space-y-8">
      <Section
        title="Sales"
        note={`Days and months in India; today is ${formatIndianDate(dashboard.today)}.`}
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <SalesCard label="Today" figure={sales.today} />
          <SalesCard label="This month" figure={sales.thisMonth} />
          <SalesCard label="Last month" figure={sales.lastMonth} />
        </div>
      </Section>

      <Section title="Waiting for the team">
        <div className="grid gap-3 sm:grid-cols-4">
          <StatCard
            label="Payments to check"
            value={waiting.paymentsToCheck}
            to="/admin/orders?status=payment_submitted"
          />
          <StatCard
            label="Awaiting payment"
            value={waiting.awaitingPayment}
            to="/admin/orders?status=pending_payment"
          />
          <StatCard label="Paid" value={waiting.paid} to="/admin/orders?status=paid" />
          <StatCard label="UPC sent" value={waiting.upcSent} to="/admin/orders?status=upc_sent" />
          <StatCard
            label="Porting"
            value={waiting.porting}
            to="/admin/orders?status=porting_in_progress"
          />
          <StatCard
            label="Needs refund"
            value={waiting.needsRefund}
            to="/admin/orders?needsRefund=true"
          />
          <StatCard
            label="Open enquiries"
            value={enquiries.open}
            to="/admin/enquiries?state=open"
          />
          <StatCard
            label="Messages not delivered"
            value={messages.undelivered}
            to="/admin/undelivered-messages"
          />
        </div>
      </Section>

      <Section
        title="Porting overdue"
        note="Orders with a number past a promise to the buyer: the UPC within 24 hours of payment, a UPC used before it expires, porting within 5 working days, Monday to Saturday (15 days in J&K, Assam and the North-East)."
      >
        <div className="grid gap-3 sm:grid-cols-4">
          <StatCard label="Porting overdue" value={overdue.any} to="/admin/orders?overdue=any" />
          {overdueReasons.map((reason) => (
            <StatCard
              key={reason}
              label={overdueReasonLabels[reason]}
              value={overdue[reason]}
              to={`/admin/orders?overdue=${reason}`}
            />
          ))}
        </div>
      </Section>

      <Section title="Orders and revenue, last 30 days">
        <DailySalesChart days={dashboard.daily} />
      </Section>

      <Section title="Inventory" note={inventoryNote(inventory)}>
        <InventoryChart categories={inventory.categories} />
      </Section>
    </div>
  );
}

/**
 * The stock in one sentence. A sold number whose sale was undone (refunded, or cancelled after
 * payment, before a UPC went out) is said apart: no buyer keeps it, and Inventory offers to put
 * it back on sale.
 */
function inventoryNote({ totals, relistable }: Dashboard['inventory']): string {
  const undone =
    relistable > 0
      ? ` (${formatCount(relistable)} of them refunded or cancelled, can go back on sale)`
      : '';
  return `${formatCountOf(totals.total, 'number', 'numbers')}: ${formatCount(totals.available)} available, ${formatCount(totals.reserved)} held, ${formatCount(totals.sold)} sold${undone}, ${formatCount(totals.hidden)} hidden, ${formatCount(totals.comingSoon)} coming soon.`;
}

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {note ? <p className="mb-3 text-sm text-slate-600">{note}</p> : <div className="mb-3" />}
      {children}
    </section>
  );
}

const cardClass = 'block rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

function SalesCard({ label, figure }: { label: string; figure: Dashboard['sales']['today'] }) {
  return (
    <div className={cardClass}>
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      <p className="mt-1 text-2xl font-bold text-slate-900">{formatInr(figure.revenue)}</p>
      <p className="text-sm text-slate-700">{formatCountOf(figure.orders, 'order', 'orders')}</p>
    </div>
  );
}

function StatCard({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link to={to} className={`${cardClass} hover:border-blue-400`}>
      <span className="block text-sm font-medium text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-bold text-slate-900">{formatCount(value)}</span>
    </Link>
  );
}
