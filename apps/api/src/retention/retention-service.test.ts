import { expect, it } from 'vitest';
import { insertOrders } from '../../test-support/console-fixtures';
import { signedIn, staffMember } from '../../test-support/sales';
import { describeEachDatabase } from '../../test-support/test-app';
import { retentionSweepOnce } from '../plugins/retention-sweep';

/** An interval from now for SQL: `ago('25 hours')`. */
const ago = (interval: string) => `now() - interval '${interval}'`;

describeEachDatabase('the retention sweep', (ctx) => {
  const query = <T = Record<string, unknown>>(text: string, params?: unknown[]) =>
    ctx().database.query<T>(text, params);
  const count = async (table: string) =>
    (await query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  it('deletes sign-in codes, registrations and rate rows once nothing reads them, keeping live ones', async () => {
    const otp = (mobile: string, expiresAt: string) =>
      query(
        `insert into otp_requests (purpose, mobile, code_hash, payload, max_attempts, expires_at)
         values ('registration', $1, 'hash', '{"registration":{"passwordHash":"$argon2id$x","gstinNo":"27AAPFU0939F1ZV"}}', 10, ${expiresAt})`,
        [mobile],
      );
    await otp('9800000001', ago('25 hours')); // past expiry and the 24 h grace: gone
    await otp('9800000002', ago('1 hour')); // expired, within the grace: kept
    await otp('9800000003', `now() + interval '5 minutes'`); // live
    const send = (at: string) =>
      query(
        `insert into otp_sends (contact, client_ip, sent_at) values ('9800000001', '203.0.113.7', ${at})`,
      );
    await send(ago('61 minutes')); // past OTP_SEND_WINDOW_SECONDS (an hour)
    await send(ago('59 minutes'));
    const failure = (at: string) =>
      query(
        `insert into login_failures (contact, client_ip, failed_at) values ('a@example.com', '203.0.113.7', ${at})`,
      );
    await failure(ago('16 minutes')); // past LOGIN_FAILURE_WINDOW_SECONDS (15 minutes)
    await failure(ago('14 minutes'));
    await query(
      `insert into rate_limits (key, count, expires_at) values ('203.0.113.7', 3, ${ago('1 second')}), ('203.0.113.8', 3, now() + interval '1 minute')`,
    );

    const counts = await retentionSweepOnce(ctx().app);

    expect(counts).toMatchObject({ otpRequests: 1, otpSends: 1, loginFailures: 1, rateLimits: 1 });
    expect(await query('select mobile from otp_requests order by mobile')).toEqual([
      { mobile: '9800000002' },
      { mobile: '9800000003' },
    ]);
    expect(await count('otp_sends')).toBe(1);
    expect(await count('login_failures')).toBe(1);
    expect(await query('select key from rate_limits')).toEqual([{ key: '203.0.113.8' }]);
  });

  it('deletes refresh tokens 30 days after they expired or were revoked', async () => {
    const { user } = await signedIn(ctx().app); // one live token
    const token = (hash: string, expiresAt: string, revokedAt = 'null') =>
      query(
        `insert into refresh_tokens (user_id, family_id, token_hash, expires_at, revoked_at)
         values ($1, gen_random_uuid(), $2, ${expiresAt}, ${revokedAt})`,
        [user.id, hash],
      );
    await token('expired-long-ago', ago('31 days'));
    await token('expired-lately', ago('29 days'));
    await token('revoked-long-ago', `now() + interval '5 days'`, ago('31 days'));
    await token('revoked-lately', `now() + interval '5 days'`, ago('1 day'));

    expect(await retentionSweepOnce(ctx().app)).toMatchObject({ refreshTokens: 2 });
    const left = await query<{ token_hash: string }>('select token_hash from refresh_tokens');
    const hashes = left.map((row) => row.token_hash);
    expect(hashes).toHaveLength(3); // with the live session's
    expect(hashes).toEqual(expect.arrayContaining(['expired-lately', 'revoked-lately']));
  });

  it('deletes enquiries, with their replies, two years after they were sent', async () => {
    const enquiry = (email: string, createdAt: string) =>
      query(
        `insert into enquiries (name, mobile, email, topic, message, client_ip, created_at)
         values ('Ravi', '9876543210', $1, 'vip-number', 'Call me', '203.0.113.7', ${createdAt})`,
        [email],
      );
    await enquiry('old@example.com', ago('731 days'));
    await enquiry('kept@example.com', ago('729 days'));

    expect(await retentionSweepOnce(ctx().app)).toMatchObject({ enquiries: 1 });
    expect(await query('select email from enquiries')).toEqual([{ email: 'kept@example.com' }]);
  });

  it('deletes payment screenshots 30 days after the payment is confirmed or the order ended, keeping the UTR', async () => {
    const [paidLongAgo, paidLately, waiting, cancelledLongAgo] = await insertOrders(ctx().app, [
      { status: 'paid', paidAt: new Date(Date.now() - 31 * 86_400_000) },
      { status: 'paid', paidAt: new Date(Date.now() - 29 * 86_400_000) },
      { status: 'pending_payment' },
      { status: 'cancelled' },
    ]);
    await query(
      `update orders set payment_reference = 'UTR123456789', updated_at = ${ago('31 days')}
       where id in ($1, $2, $3)`,
      [paidLongAgo, waiting, cancelledLongAgo],
    );
    for (const id of [paidLongAgo, paidLately, waiting, cancelledLongAgo]) {
      await query(
        `insert into payment_screenshots (order_id, content_type, data) values ($1, 'image/png', '\\x89504e47'::bytea)`,
        [id],
      );
    }

    expect(await retentionSweepOnce(ctx().app)).toMatchObject({ paymentScreenshots: 2 });
    const left = await query<{ order_id: string }>('select order_id from payment_screenshots');
    expect(left.map((row) => row.order_id).sort()).toEqual([paidLately, waiting].sort());
    expect(
      await query('select payment_reference from orders where id = $1', [paidLongAgo]),
    ).toEqual([{ payment_reference: 'UTR123456789' }]);
  });

  it("blanks the billing of orders cancelled unpaid 180 days ago, never a paid or invoiced order's", async () => {
    const ids = await insertOrders(ctx().app, [
      { status: 'cancelled', holdMinutes: -181 * 1440 }, // lapsed unpaid: blanked
      { status: 'cancelled', holdMinutes: -179 * 1440 }, // lapsed lately: kept
      {
        status: 'completed',
        paidAt: new Date(Date.now() - 400 * 86_400_000),
        holdMinutes: -400 * 1440,
      },
      { status: 'cancelled', holdMinutes: -181 * 1440 }, // a payment confirmed (refunded later)
      { status: 'cancelled', holdMinutes: -181 * 1440 }, // invoiced
      { status: 'pending_payment', holdMinutes: 15 }, // live
    ]);
    const [lapsed, lapsedLately, paid, withPayment, invoiced, live] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const billing = {
      name: 'Asha Rao',
      email: 'asha@example.in',
      mobile: '9811122233',
      accountType: 'Corporate',
      companyName: 'Rao Traders',
      gstinNo: '27AAPFU0939F1ZV',
      address: {
        line1: '1 MG Road',
        line2: null,
        city: 'Pune',
        state: 'Maharashtra',
        pinCode: '411001',
      },
    };
    await query(
      `update orders set billing = $1::jsonb, attribution = '{"source":"newsletter"}', client_ip = '203.0.113.7',
         updated_at = hold_expires_at`,
      [JSON.stringify(billing)],
    );
    await query(
      `insert into payments (order_id, provider, reference, reference_key, amount, status, applied)
       values ($1, 'manual', 'UTR1', 'UTR1', 100000, 'confirmed', true)`,
      [withPayment],
    );
    await query(
      `insert into tax_documents (kind, serial, order_id, amount) values ('INV', 'INV/TEST/000001', $1, 100000)`,
      [invoiced],
    );

    expect(await retentionSweepOnce(ctx().app)).toMatchObject({ unpaidOrderBilling: 1 });
    const rows = await query<{
      id: string;
      billing: typeof billing;
      attribution: unknown;
      client_ip: string | null;
    }>('select id, billing, attribution, client_ip from orders');
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(lapsed)).toEqual({
      id: lapsed,
      billing: {
        name: 'Removed',
        email: '',
        mobile: '',
        accountType: 'Corporate',
        companyName: null,
        gstinNo: null,
        address: null,
      },
      attribution: null,
      client_ip: null,
    });
    for (const id of [lapsedLately, paid, withPayment, invoiced, live]) {
      expect(byId.get(id), id).toMatchObject({ billing, client_ip: '203.0.113.7' });
    }
    // Blanked once (the next sweep counts nothing), and the console still shows the order.
    expect((await retentionSweepOnce(ctx().app))?.unpaidOrderBilling).toBe(0);
    const staff = await staffMember(ctx().app);
    const res = await staff.client.get(`/api/v1/admin/orders/${lapsed}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.billing).toMatchObject({ name: 'Removed', email: '' });
  });

  it('deletes a message the outbox gave up on once RETENTION_FAILED_MESSAGE_DAYS have passed', async () => {
    const message = (to: string) =>
      JSON.stringify({ channel: 'email', to, subject: 'Payment received', text: 'x' });
    await query(
      `insert into outbox (message, attempts, failed_at, sent_at) values
         ($1, 8, ${ago('91 days')}, null),
         ($2, 8, ${ago('89 days')}, null),
         ($3, 1, null, null),
         ($4, 1, null, ${ago('2 days')})`,
      ['old@example.com', 'recent@example.com', 'waiting@example.com', 'sent@example.com'].map(
        message,
      ),
    );
    expect(await retentionSweepOnce(ctx().app)).toMatchObject({ failedMessages: 1 });
    const left = await query<{ to: string }>(`select message->>'to' as to from outbox order by id`);
    expect(left.map((row) => row.to)).toEqual([
      'recent@example.com',
      'waiting@example.com',
      'sent@example.com',
    ]);
  });

  it('is skipped while another process sweeps', async () => {
    const other = await ctx().database.connect();
    try {
      await other.query("select pg_advisory_lock(hashtext('store:retention-sweep'))");
      expect(await retentionSweepOnce(ctx().app)).toBeUndefined();
      await other.query("select pg_advisory_unlock(hashtext('store:retention-sweep'))");
    } finally {
      other.release();
    }
    expect(await retentionSweepOnce(ctx().app)).toMatchObject({ enquiries: 0 });
  });
});
