/**
 * Every action the audit log records, as `thing.what` (the console's Audit log names each one,
 * and its filter takes them). A record with an action not listed here does not typecheck.
 */
const auditActions = [
  'number.add',
  'number.reprice',
  'number.bulk_reprice',
  'number.hide',
  'number.unhide',
  'number.coming_soon',
  'number.porting_step',
  'number.porting_undo',
  'order.status',
  'order.payment_confirmed',
  'order.payment_rejected',
  'order.refund',
  'order.refund_requested',
  'order.refund_failed',
  'order.number_refund',
  'order.refund_reference',
  'order.billing_correct',
  'staff.invite',
  'staff.role',
  'staff.disable',
  'staff.enable',
  'enquiry.status',
  'enquiry.note',
  'enquiry.reply',
  'import.apply',
  'user.contact_change',
  'user.close',
  'user.data_export',
  'customer.data_export',
  'order.view',
  'order.search',
  'order.screenshot_view',
  'enquiry.view',
  'customer.view',
  'customer.search',
  'customer.list',
  'tax_register.export',
  'message.send_again',
  'message.dismiss',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** The things actions are done to (`number` of `number.add`), each a prefix of its actions. */
export const auditThings = [...new Set(auditActions.map((action) => action.split('.')[0]!))].sort();

/** The actions a filter's value names: one action, or every action of a thing (`number.`). */
export const actionsNamed = (value: string): AuditAction[] =>
  value.endsWith('.')
    ? auditActions.filter((action) => action.startsWith(value))
    : auditActions.filter((action) => action === value);
