import { formatInr } from '@store/domain';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount, formatIndianDate } from '../../lib/format';
import type { Dashboard } from './api/get-dashboard';

/*
 * The dashboard's charts (Recharts, loaded only with the console's dashboard). Each has a text
 * alternative: the same figures as a table, under "Show as a table". The drawing is hidden from
 * assistive technology, so nothing in it may take the keyboard's focus: Recharts' accessibility
 * layer (a focusable chart with arrow-key tooltips) is off (QA 19 F10).
 */

const colours = {
  orders: '#1d4ed8',
  revenue: '#b45309',
  available: '#15803d',
  reserved: '#ca8a04',
  sold: '#1d4ed8',
  hidden: '#64748b',
  comingSoon: '#0284c7',
};

function ChartFigure({
  caption,
  chart,
  table,
  height = 320,
}: {
  caption: string;
  chart: ReactNode;
  table: ReactNode;
  /** The chart's height in pixels. */
  height?: number;
}) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="mb-2 text-sm text-slate-700">{caption}</figcaption>
      {/* The drawing is for the eye (its table is the text): hidden, and inert so that nothing
          Recharts draws in it takes the focus (QA 32 F2: its z-index layers did). */}
      <div style={{ height }} aria-hidden="true" inert data-testid="chart">
        <ResponsiveContainer width="100%" height="100%">
          {chart}
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-blue-800 underline">Show as a table</summary>
        <div className="mt-2 max-h-96 overflow-auto">{table}</div>
      </details>
    </figure>
  );
}

const cell = 'border-b border-slate-100 px-2 py-1';

export function DailySalesChart({ days }: { days: Dashboard['daily'] }) {
  const data = days.map((day) => ({
    ...day,
    label: formatIndianDate(day.date, { month: 'short' }).replace(/ \d{4}$/, ''),
  }));
  return (
    <ChartFigure
      caption="Orders paid each day (bars) and their revenue in rupees (line), India's days."
      chart={
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          {/* Every nth day, evenly, with no labels colliding (a month label is wider). */}
          <XAxis dataKey="label" interval="equidistantPreserveEnd" />
          <YAxis yAxisId="orders" allowDecimals={false} />
          <YAxis
            yAxisId="revenue"
            orientation="right"
            tickFormatter={(value: number) => formatInr(value)}
            width={90}
          />
          <Tooltip
            formatter={(value, name) =>
              name === 'Revenue' ? formatInr(Number(value)) : formatCount(Number(value))
            }
          />
          <Legend />
          <Bar yAxisId="orders" dataKey="orders" name="Orders" fill={colours.orders} />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            name="Revenue"
            stroke={colours.revenue}
            strokeWidth={2}
            dot={false}
          />
        </ComposedChart>
      }
      table={
        <table className="min-w-full text-left">
          <caption className="sr-only">Orders and revenue by day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Day
              </th>
              <th scope="col" className={cell}>
                Orders
              </th>
              <th scope="col" className={cell}>
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row" className={`${cell} font-normal`}>
                  {formatIndianDate(day.date)}
                </th>
                <td className={cell}>{formatCount(day.orders)}</td>
                <td className={cell}>{formatInr(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

const statuses = [
  ['available', 'Available'],
  ['reserved', 'Held'],
  ['sold', 'Sold'],
  ['hidden', 'Hidden'],
  ['comingSoon', 'Coming soon'],
] as const;

/** Each category's row of the inventory chart, in pixels: room for its 12 px name on two lines. */
const CATEGORY_ROW = 30;
/** The inventory chart's axis, legend and margins, in pixels. */
const INVENTORY_CHART_FRAME = 90;

/**
 * Stock by category and status, one row per category: the chart grows with the categories so
 * that their names never overlap (27 of them were an unreadable block in 320 px, QA pass 27).
 */
export function InventoryChart({
  categories,
}: {
  categories: Dashboard['inventory']['categories'];
}) {
  return (
    <ChartFigure
      caption="Numbers in each category by status."
      height={categories.length * CATEGORY_ROW + INVENTORY_CHART_FRAME}
      chart={
        <BarChart
          data={categories}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={150} interval={0} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => formatCount(Number(value))} />
          <Legend />
          {statuses.map(([key, name]) => (
            <Bar key={key} dataKey={key} name={name} stackId="status" fill={colours[key]} />
          ))}
        </BarChart>
      }
      table={
        <table className="min-w-full text-left">
          <caption className="sr-only">Numbers in each category by status</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Category
              </th>
              {statuses.map(([key, name]) => (
                <th key={key} scope="col" className={cell}>
                  {name}
                </th>
              ))}
              <th scope="col" className={cell}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.category}>
                <th scope="row" className={`${cell} font-normal`}>
                  {category.name}
                </th>
                {statuses.map(([key]) => (
                  <td key={key} className={cell}>
                    {formatCount(category[key])}
                  </td>
                ))}
                <td className={cell}>{formatCount(category.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
