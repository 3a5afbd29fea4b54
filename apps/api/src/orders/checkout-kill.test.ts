import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery } from '../../test-support/database-server';
import { killedServerDatabase, serverDatabases } from '../../test-support/killed-server-database';
import { killServers, ready, startServer } from '../../test-support/server-process';
import { signedInPeople } from '../../test-support/signed-in-people';
import { openDatabase } from '../db/database';

/**
 * Checkouts and payments when the server process dies: buyers race for the same numbers (Buy
 * now) and support confirms each order as it comes, until the server is killed with SIGKILL in
 * the middle of it. After the restart, on the embedded default and on PostgreSQL through
 * DATABASE_URL: every order and payment the server acknowledged is there, no number is both
 * sold and on sale or sold twice, and every paid order's "payment received" messages are in
 * the outbox, once.
 */
const scratch = mkdtempSync(join(tmpdir(), 'store-checkout-kill-'));
const { admin } = inject('testDatabaseServer');
const externalName = `store_checkout_kill_${process.pid}`;
const secret = 'checkout-kill-test-secret-0123456789abcdef';
const BUYERS = 12;

afterAll(async () => {
  killServers();
  await sleep(100);
  await adminQuery(admin, `drop database if exists ${externalName} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

const paidStatuses = `('paid', 'upc_sent', 'porting_in_progress', 'ported', 'completed')`;

describe.each(serverDatabases)('checkouts when the server is killed, on $name', ({ external }) => {
  it('keep every acknowledged order, payment and message, and sell no number twice', async () => {
    const {
      dataDir,
      env: databaseEnv,
      connection,
    } = await killedServerDatabase(scratch, admin, externalName, external);
    const env = {
      WEB_BUILD_DIR: join(scratch, 'web'),
      DEMO_DATA_COUNT: '300',
      SESSION_SECRET: secret,
      RATE_LIMIT_PER_MINUTE: '1000000',
      HOLDS_PER_ACCOUNT: '1000',
      HOLDS_PER_IP: '100000',
      HOLD_COOLDOWN_MINUTES: '0',
      ...databaseEnv,
    };

    let server = startServer(dataDir, env);
    const base = await ready(server);
    let database = openDatabase(connection());
    const person = signedInPeople(database, secret);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => person(i + 1)));
    const staff = await person(BUYERS + 1, 'support');
    const ids = (
      await database.query<{ id: number }>(
        `select id from numbers where status = 'available' order by id limit 60`,
      )
    ).map((row) => row.id);
    expect(ids).toHaveLength(60);

    const post = (cookie: string, path: string, body: unknown) =>
      fetch(`${base}/api/v1${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ordered = new Set<string>();
    const paid = new Set<string>();
    let killed = false;
    // Each buyer: Buy now of a number others want too, and support confirms the order at once.
    const buyer = async (cookie: string, n: number) => {
      for (let round = 0; !killed; round++) {
        try {
          const checkout = await post(cookie, '/cart/checkout', {
            numberId: ids[(n * 7 + round * 5) % ids.length],
          });
          if (checkout.status !== 201) {
            expect([409, 429]).toContain(checkout.status);
            continue;
          }
          const { order } = ((await checkout.json()) as { data: { order: { id: string } } }).data;
          ordered.add(order.id);
          const payment = await post(staff, `/admin/orders/${order.id}/payments`, {
            reference: `UPI kill ${n}-${round}`,
          });
          if (payment.status === 200) paid.add(order.id);
          else expect([409]).toContain(payment.status);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const traffic = buyers.map((cookie, n) => buyer(cookie, n));
    while (paid.size < 10) await sleep(5);
    killed = true;
    server.child.kill('SIGKILL');
    await server.exited;
    await Promise.all(traffic);
    await database.close();

    server = startServer(dataDir, env);
    await ready(server);
    database = openDatabase(connection());
    try {
      const orders = await database.query<{ id: string; status: string }>(
        'select id, status from orders',
      );
      const statusOf = new Map(orders.map((order) => [order.id, order.status]));
      for (const id of ordered) expect(statusOf.has(id), `order ${id} was lost`).toBe(true);
      for (const id of paid) {
        expect(paidStatuses, `paid order ${id} is ${statusOf.get(id)}`).toContain(
          `'${statusOf.get(id)}'`,
        );
      }

      // A sold number is in exactly one paid order; a number in a paid order is sold.
      expect(
        await database.query(
          `select n.id, n.status, count(o.id)::int as paid_orders
           from numbers n
           left join order_items i on i.number_id = n.id
           left join orders o on o.id = i.order_id and o.status in ${paidStatuses}
           group by n.id
           having (n.status = 'sold') <> (count(o.id) = 1) or count(o.id) > 1`,
        ),
      ).toEqual([]);
      // A number on hold is held by one open order only.
      expect(
        await database.query(
          `select i.number_id from order_items i join orders o on o.id = i.order_id
           where o.status = 'pending_payment' and o.hold_expires_at > now()
           group by i.number_id having count(*) > 1`,
        ),
      ).toEqual([]);
      // Each paid order's "payment received" e-mail and SMS are in the outbox, once each.
      const received = await database.query<{ reference: string; channel: string; n: number }>(
        `select o.reference, m.message->>'channel' as channel, count(m.id)::int as n
         from orders o
         left join outbox m on m.message->>'text' like '%payment received for order ' || o.reference || '%'
           or m.message->>'subject' = 'Payment received: order ' || o.reference
         where o.status in ${paidStatuses}
         group by o.reference, m.message->>'channel'`,
      );
      const paidCount = orders.filter((order) => paidStatuses.includes(`'${order.status}'`)).length;
      expect(paidCount).toBeGreaterThanOrEqual(10);
      expect(received.filter((row) => row.n === 1)).toHaveLength(received.length);
      expect(new Set(received.map((row) => `${row.reference} ${row.channel}`)).size).toBe(
        received.length,
      );
      expect(received.filter((row) => row.channel === 'email')).toHaveLength(paidCount);
      expect(received.filter((row) => row.channel === 'sms')).toHaveLength(paidCount);
    } finally {
      await database.close();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);
});
