import { staffRoleNames } from '../admin-staff';

/** The audit log's actions (as the API records them, apps/api/src: `audit.record(`) in words. */
const actionLabels: Record<string, string> = {
  'number.add': 'Number added',
  'number.reprice': 'Price changed',
  'number.bulk_reprice': 'Bulk price change',
  'number.hide': 'Number hidden',
  'number.unhide': 'Number put on sale',
  'number.coming_soon': 'Number made coming soon',
  'number.porting_step': 'Porting step',
  'number.porting_undo': 'Porting step taken back',
  'order.status': 'Order status changed',
  'order.payment_confirmed': 'Payment confirmed',
  'order.payment_rejected': 'Submitted payment rejected',
  'order.refund': 'Refund made',
  'order.refund_requested': 'Refund sent to Razorpay',
  'order.refund_failed': 'Refund failed',
  'order.number_refund': 'Number refunded',
  'order.refund_reference': 'Refund reference added',
  'order.billing_correct': 'Billing details corrected',
  'staff.invite': 'Staff member invited',
  'staff.role': 'Staff role changed',
  'staff.disable': 'Staff account disabled',
  'staff.enable': 'Staff account enabled',
  'enquiry.status': 'Enquiry status changed',
  'enquiry.note': 'Enquiry note changed',
  'enquiry.reply': 'Enquiry answered',
  'import.apply': 'Stock import applied',
  'user.contact_change': 'E-mail or mobile changed by the buyer',
  'user.close': 'Account closed',
  'user.data_export': 'Buyer downloaded their data',
  'customer.data_export': "Buyer's data downloaded for their request",
  // A staff member's look at personal data (decision 0056): views, not changes.
  'order.view': 'Order details viewed',
  'order.search': 'Buyers searched',
  'order.screenshot_view': 'Payment screenshot viewed',
  'enquiry.view': 'Enquiry viewed',
  'customer.view': 'Customer details viewed',
  'customer.search': 'Customers searched',
  'customer.list': 'Customer list read',
  'tax_register.export': 'Tax register read',
  'message.send_again': 'Undelivered message sent again',
  'message.dismiss': 'Undelivered message dismissed',
};

/** The things actions are done to, as the action filter's groups name them. */
const things: Record<string, { name: string; all: string }> = {
  number: { name: 'Numbers', all: 'Any number change' },
  order: { name: 'Orders', all: 'Anything about orders' },
  staff: { name: 'Staff', all: 'Any staff change' },
  enquiry: { name: 'Enquiries', all: 'Anything about enquiries' },
  import: { name: 'Stock imports', all: 'Any stock import' },
  user: { name: "Buyers' own changes", all: "Any buyer's own change" },
  customer: { name: 'Customers', all: 'Anything about customers' },
  tax_register: { name: 'Tax register', all: 'Any read of the tax register' },
  message: { name: 'Messages not delivered', all: 'Any undelivered message handled' },
};

/**
 * The action filter's choices: per thing, all its actions (the API's `number.` prefix) and each
 * one, in words.
 */
export const actionGroups = Object.entries(things).map(([thing, { name, all }]) => ({
  name,
  all,
  prefix: `${thing}.`,
  actions: Object.keys(actionLabels)
    .filter((action) => action.startsWith(`${thing}.`))
    .map((action) => ({ action, label: actionLabels[action]! })),
}));

/** An action in words; one not known yet readably from its code (`order.some_step` -> Order: some step). */
export function actionLabel(action: string): string {
  const known = actionLabels[action];
  if (known) return known;
  const [thing = '', ...rest] = action.split('.');
  const words = rest.join(' ').replace(/_/g, ' ');
  const name = thing.charAt(0).toUpperCase() + thing.slice(1);
  return words ? `${name}: ${words}` : name;
}

/**
 * The money fields of each action's before and after, by path, and their unit: prices are
 * written in rupees (catalog/inventory.ts), payments and refunds in paise (orders/mark-paid.ts,
 * orders/refunds.ts).
 */
const moneyFields: Record<string, Record<string, 'rupees' | 'paise'>> = {
  'number.add': { price: 'rupees', offerPrice: 'rupees' },
  'number.reprice': { price: 'rupees', offerPrice: 'rupees' },
  'number.bulk_reprice': { 'change.amount': 'rupees' },
  'order.payment_confirmed': { 'payment.amount': 'paise' },
  'order.refund': { 'refund.amount': 'paise' },
  'order.refund_requested': { 'refund.amount': 'paise' },
  'order.number_refund': { 'refund.amount': 'paise' },
};

export function moneyUnit(action: string, path: string): 'rupees' | 'paise' | undefined {
  return moneyFields[action]?.[path];
}

/**
 * The code values of an action's field, by path, in words: a staff member's role as the Staff
 * page names it, a billing correction's fields (orders/billing-correction.ts) as its form names
 * them.
 */
const valueNames: Record<string, Record<string, Record<string, string>>> = {
  'staff.invite': { role: staffRoleNames },
  'staff.role': { role: staffRoleNames },
  'order.billing_correct': {
    fields: {
      name: 'name',
      companyName: 'company',
      gstinNo: 'GSTIN',
      'address.line1': 'address line 1',
      'address.line2': 'address line 2',
      'address.city': 'city',
      'address.state': 'state',
      'address.pinCode': 'PIN code',
    },
  },
};

export const valueName = (action: string, path: string, value: string): string | undefined =>
  valueNames[action]?.[path]?.[value];

const entityNames: Record<string, string> = {
  number: 'Number',
  order: 'Order',
  enquiry: 'Enquiry',
  user: 'Staff member',
  import: 'Stock import',
  search: 'Search',
  tax_register: 'Tax register of',
  message: 'Message',
};

/** The kind of thing an entry changed, in words: a user is a staff member or a buyer. */
export const entityLabel = (entityType: string, action: string) =>
  entityType === 'user' && !action.startsWith('staff.')
    ? 'Customer'
    : (entityNames[entityType] ?? entityType);
