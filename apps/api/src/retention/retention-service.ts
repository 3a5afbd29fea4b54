import type { Config } from '../config/config';
import type { Database } from '../db/database';

type RetentionConfig = Pick<
  Config,
  | 'OTP_SEND_WINDOW_SECONDS'
  | 'LOGIN_FAILURE_WINDOW_SECONDS'
  | 'RETENTION_OTP_HOURS'
  | 'RETENTION_REFRESH_TOKEN_DAYS'
  | 'RETENTION_ENQUIRY_DAYS'
  | 'RETENTION_SCREENSHOT_DAYS'
  | 'RETENTION_UNPAID_ORDER_DAYS'
  | 'RETENTION_FAILED_MESSAGE_DAYS'
>;

/** What an unpaid order's billing becomes once its period ends: the shape kept, no person in it. */
const ERASED_BILLING = {
  name: 'Removed',
  email: '',
  mobile: '',
  companyName: null,
  gstinNo: null,
  address: null,
};

/**
 * Each rule: a statement deleting (or blanking) what has served its purpose, `$1` the period in
 * seconds it keeps things, `$2` its one other value. Counted by name in the sweep's answer.
 */
function rules(
  config: RetentionConfig,
): Record<string, { sql: string; seconds: number; value?: string }> {
  const days = (n: number) => n * 86_400;
  return {
    // Codes and pending registrations (password hash, GSTIN): past their expiry and a grace.
    otpRequests: {
      sql: `delete from otp_requests where expires_at < now() - $1 * interval '1 second'`,
      seconds: config.RETENTION_OTP_HOURS * 3600,
    },
    // Contact and client address of each code sent: read only within the send window.
    otpSends: {
      sql: `delete from otp_sends where sent_at < now() - $1 * interval '1 second'`,
      seconds: config.OTP_SEND_WINDOW_SECONDS,
    },
    // Failed password sign-ins (contact and address): read only within their window.
    loginFailures: {
      sql: `delete from login_failures where failed_at < now() - $1 * interval '1 second'`,
      seconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    // Request counters (keyed by client address) whose window is over.
    rateLimits: {
      sql: `delete from rate_limits where expires_at < now() - $1 * interval '1 second'`,
      seconds: 0,
    },
    refreshTokens: {
      sql: `delete from refresh_tokens
        where expires_at < now() - $1 * interval '1 second'
           or revoked_at < now() - $1 * interval '1 second'`,
      seconds: days(config.RETENTION_REFRESH_TOKEN_DAYS),
    },
    // With their replies (on delete cascade).
    enquiries: {
      sql: `delete from enquiries where created_at < now() - $1 * interval '1 second'`,
      seconds: days(config.RETENTION_ENQUIRY_DAYS),
    },
    // The payment's record (its UTR, who confirmed it) stays on the order and in payments.
    paymentScreenshots: {
      sql: `delete from payment_screenshots s using orders o
        where o.id = s.order_id
          and o.status <> 'pending_payment'
          and (case when o.status in ('cancelled', 'refunded') then o.updated_at
                    else coalesce(o.paid_at, o.updated_at) end) < now() - $1 * interval '1 second'`,
      seconds: days(config.RETENTION_SCREENSHOT_DAYS),
    },
    // Messages the outbox gave up on (address and text): support's to send again or dismiss
    // meanwhile (decision 0087). Sent ones are pruned by the outbox after OUTBOX_KEEP_DAYS.
    failedMessages: {
      sql: `delete from outbox where failed_at < now() - $1 * interval '1 second'`,
      seconds: days(config.RETENTION_FAILED_MESSAGE_DAYS),
    },
    // Orders that were never paid: no invoice, no payment confirmed. A paid or invoiced order's
    // billing is a tax record and stays.
    unpaidOrderBilling: {
      sql: `update orders o
        set billing = o.billing || $2::jsonb, attribution = null, client_ip = null, updated_at = now()
        where o.status = 'cancelled'
          and o.paid_at is null
          and o.billing ->> 'email' <> ''
          and greatest(o.updated_at, o.hold_expires_at) < now() - $1 * interval '1 second'
          and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'confirmed')
          and not exists (select 1 from tax_documents t where t.order_id = o.id)`,
      seconds: days(config.RETENTION_UNPAID_ORDER_DAYS),
      value: JSON.stringify(ERASED_BILLING),
    },
  };
}

/**
 * The retention sweep: personal data whose purpose is served is deleted on a schedule
 * (decision 0056), rule by rule, each a single statement. Answers how many rows each rule
 * deleted or blanked; never what they held.
 */
export function createRetentionService({
  config,
  database,
}: {
  config: RetentionConfig;
  database: Database;
}) {
  return {
    async sweep(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const [name, { sql, seconds, value }] of Object.entries(rules(config))) {
        const [row] = await database.query<{ count: number }>(
          `with done as (${sql} returning 1) select count(*)::int as count from done`,
          value === undefined ? [seconds] : [seconds, value],
        );
        counts[name] = row!.count;
      }
      return counts;
    },
  };
}
