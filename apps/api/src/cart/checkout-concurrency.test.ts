import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertTestNumbers } from '../../test-support/numbers';
import { cartItems, carts, numbers, orderItems, orders } from '../db/schema';
import { MAX_CART_ITEMS } from './cart-service';
import { signedIn } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app';

/** A small deterministic generator, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function raceCheckouts(ctx: TestContext, wanted: number[][]) {
  const buyers = [];
  for (const cart of wanted) {
    const buyer = await signedIn(ctx.app);
    // Straight into the tables: the cart calls have their own tests, this one is about checkout.
    const [row] = await ctx.database.db.insert(carts).values({ userId: buyer.user.id }).returning();
    const prices = await ctx.database.db
      .select({ id: numbers.id, finalPrice: numbers.finalPrice })
      .from(numbers)
      .where(inArray(numbers.id, cart));
    await ctx.database.db.insert(cartItems).values(
      cart.map((id) => ({
        cartId: row!.id,
        numberId: id,
        priceAtAdd: prices.find((p) => p.id === id)!.finalPrice,
      })),
    );
    buyers.push({ ...buyer, cart });
  }
  const started = Date.now();
  // Everyone at the same moment.
  const responses = await Promise.all(
    buyers.map((buyer) => buyer.client.post(api('/cart/checkout'))),
  );
  console.log(`${wanted.length} checkouts at once took ${Date.now() - started} ms`);
  return buyers.map((buyer, index) => ({ ...buyer, res: responses[index]! }));
}

async function checkInvariants(
  ctx: TestContext,
  results: Awaited<ReturnType<typeof raceCheckouts>>,
) {
  const statuses = results.map((r) => r.res.statusCode);
  expect(
    statuses.filter((s) => s !== 201 && s !== 409),
    `statuses ${statuses}`,
  ).toEqual([]);
  for (const r of results.filter((r) => r.res.statusCode === 409)) {
    expect(r.res.json()).toMatchObject({ code: 'CART_ITEMS_UNAVAILABLE' });
    expect(r.res.json().validationResults.some((v: { valid: boolean }) => !v.valid)).toBe(true);
  }
  const winners = results.filter((r) => r.res.statusCode === 201);
  expect(winners.length).toBeGreaterThan(0);

  const db = ctx.database.db;
  const pending = await db.select().from(orders).where(eq(orders.status, 'pending_payment'));
  expect(pending).toHaveLength(winners.length);
  expect(await db.select().from(orders)).toHaveLength(winners.length);
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        pending.map((o) => o.id),
      ),
    );
  // No number is in two orders.
  const numberIds = items.map((item) => item.numberId);
  expect(new Set(numberIds).size).toBe(numberIds.length);

  // Each winner's order holds exactly its cart.
  for (const winner of winners) {
    const order = winner.res.json().data.order;
    expect(order.items.map((i: { numberId: number }) => i.numberId).sort()).toEqual(
      [...winner.cart].sort(),
    );
  }

  // What is reserved is exactly the union of the winners' numbers, each by its own order.
  const reserved = await db.select().from(numbers).where(eq(numbers.status, 'reserved'));
  expect(reserved.map((n) => n.id).sort((a, b) => a - b)).toEqual(
    [...numberIds].sort((a, b) => a - b),
  );
  for (const row of reserved) {
    const item = items.find((i) => i.numberId === row.id)!;
    expect(row.orderId).toBe(item.orderId);
  }
  return winners;
}

/** Every one of `ids` is in exactly one order (checkInvariants has shown: at most one). */
async function expectEachInExactlyOneOrder(ctx: TestContext, ids: number[]) {
  const items = await ctx.database.db
    .select({ numberId: orderItems.numberId })
    .from(orderItems)
    .where(inArray(orderItems.numberId, ids));
  expect(items.map((item) => item.numberId).sort((a, b) => a - b)).toEqual(
    [...ids].sort((a, b) => a - b),
  );
}

function seededShuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describeEachDatabase(
  'checkout under concurrency',
  (ctx) => {
    const tenNumbers = async () => {
      const specs = Array.from({ length: 10 }, (_, i) => ({
        number: `98100${String(10_000 + i * 137).slice(-5)}`,
        basePrice: 5_000 + i * 1_000,
      }));
      const ids = [...(await insertTestNumbers(ctx().app, specs)).values()];
      expect(ids).toHaveLength(10);
      return ids;
    };

    it('50 buyers checking out the same 10 numbers at once: each number ends in exactly one order', async () => {
      const ids = await tenNumbers();
      const random = seeded(7);
      // Each cart holds all ten, in its own order (locks are taken in id order regardless).
      const results = await raceCheckouts(
        ctx(),
        Array.from({ length: 50 }, () => seededShuffle(ids, random)),
      );
      expect(await checkInvariants(ctx(), results)).toHaveLength(1);
      await expectEachInExactlyOneOrder(ctx(), ids);
    });

    it('50 buyers, five after each of 10 numbers: ten orders, each number in exactly one', async () => {
      const ids = await tenNumbers();
      const results = await raceCheckouts(
        ctx(),
        Array.from({ length: 50 }, (_, i) => [ids[i % 10]!]),
      );
      expect(await checkInvariants(ctx(), results)).toHaveLength(10);
      await expectEachInExactlyOneOrder(ctx(), ids);
    });

    it('50 buyers checking out overlapping carts of 10 numbers at once: each number in at most one order', async () => {
      const ids = await tenNumbers();
      const random = seeded(20_261_122);
      const carts = Array.from({ length: 50 }, () => {
        const size = 2 + Math.floor(random() * 3);
        const pool = [...ids];
        const cart: number[] = [];
        while (cart.length < size)
          cart.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
        return cart;
      });
      const results = await raceCheckouts(ctx(), carts);
      const winners = await checkInvariants(ctx(), results);
      console.log(
        `concurrency: ${winners.length} of 50 checkouts won, ${results.length - winners.length} answered 409`,
      );
    });

    it('keeps a cart within its limit when adds arrive at once', async () => {
      const specs = Array.from({ length: MAX_CART_ITEMS + 5 }, (_, i) => ({
        number: `97300${String(10_000 + i * 17).slice(-5)}`,
        basePrice: 3_000,
      }));
      const ids = [...(await insertTestNumbers(ctx().app, specs)).values()];
      const buyer = await signedIn(ctx().app);
      for (const id of ids.slice(0, MAX_CART_ITEMS - 1)) {
        expect((await buyer.client.post(api(`/cart/add/${id}`))).statusCode).toBe(200);
      }
      const last = await Promise.all(
        ids.slice(MAX_CART_ITEMS - 1).map((id) => buyer.client.post(api(`/cart/add/${id}`))),
      );
      expect(last.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const cart = (await buyer.client.get(api('/cart'))).json().data;
      expect(cart.items).toHaveLength(MAX_CART_ITEMS);
    });

    it("waits a few seconds at most on staff's work holding a number, then asks to try again", async () => {
      const [id] = await tenNumbers();
      const buyer = await signedIn(ctx().app);
      expect((await buyer.client.post(api(`/cart/add/${id}`))).statusCode).toBe(200);
      // An import's apply (or any long staff transaction) holds the number's row.
      const staff = await ctx().database.connect();
      try {
        await staff.query('begin');
        await staff.query('select 1 from numbers where id = $1 for update', [id]);
        const started = Date.now();
        const busy = await buyer.client.post(api('/cart/checkout'));
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(busy.statusCode).toBe(503);
        expect(busy.headers['retry-after']).toBe('5');
        expect(busy.json()).toMatchObject({
          code: 'BUSY_TRY_AGAIN',
          message:
            'These numbers are being updated by the store just now. Please try again in a moment.',
        });
      } finally {
        await staff.query('rollback');
        staff.release();
      }
      expect((await buyer.client.post(api('/cart/checkout'))).statusCode).toBe(201);
    });

    it('50 buyers wanting the same two numbers: exactly one order', async () => {
      const ids = [
        ...(
          await insertTestNumbers(ctx().app, [
            { number: '9876598765', basePrice: 50_000 },
            { number: '9812341234', basePrice: 20_000 },
          ])
        ).values(),
      ];
      const carts = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? ids : [...ids].reverse()));
      const results = await raceCheckouts(ctx(), carts);
      const winners = await checkInvariants(ctx(), results);
      expect(winners).toHaveLength(1);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
