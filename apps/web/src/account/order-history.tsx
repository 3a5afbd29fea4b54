/**
 * PLACEHOLDER: "Your orders" on the profile page. The orders work replaces this component
 * (the order list and each order's porting timeline); the profile page only renders it.
 */
export function OrderHistory() {
  return (
    <section
      aria-labelledby="order-history-heading"
      data-testid="order-history"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <h2 id="order-history-heading" className="text-lg font-semibold text-slate-900">
        Your orders
      </h2>
      <p className="mt-2 text-sm text-slate-600">No orders yet</p>
    </section>
  );
}
