/** The console's areas, in the order of its navigation. `adminOnly` areas are hidden from support. */
export interface ConsoleArea {
  to: string;
  label: string;
  adminOnly?: boolean;
  /** The key of this area's "new items" count (see useConsoleCounts), if it has one. */
  countKey?: string;
}

export const consoleAreas: ConsoleArea[] = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders', countKey: 'orders' },
  { to: '/admin/inventory', label: 'Inventory' },
  { to: '/admin/imports', label: 'Imports' },
  { to: '/admin/enquiries', label: 'Enquiries', countKey: 'enquiries' },
  { to: '/admin/staff', label: 'Staff', adminOnly: true },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/tax-register', label: 'Tax register', adminOnly: true },
  { to: '/admin/audit', label: 'Audit log', adminOnly: true },
];
