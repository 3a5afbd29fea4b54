/** What other areas show of the audit log: an action in words. */
export { actionLabel } from './audit-labels';
