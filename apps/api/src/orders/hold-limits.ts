import { listInWords } from '@store/domain';
import { displayNumber } from '../catalog/catalog-service';
import { conflict, minutesText, tooMany } from '../http/app-error';
import type { Tx } from '../db/transactions';
import {
  liveHoldsFromAddress,
  liveHoldsOfSubmittedOrders,
  lockClientAddress,
  recentHoldEnds,
} from './order-store';
import type { OrderDeps } from './order-types';

/**
 * When the buyer may hold a lapsed order's numbers again at the latest: its hold's end plus the
 * cool-down (sooner when an earlier hold of theirs started the cool-down: checkHoldLimits).
 */
export function heldAgainFrom(
  order: { holdExpiresAt: Date },
  config: Pick<OrderDeps['config'], 'HOLD_COOLDOWN_MINUTES'>,
): Date {
  return new Date(order.holdExpiresAt.getTime() + config.HOLD_COOLDOWN_MINUTES * 60_000);
}

/**
 * The limits a checkout's new hold must keep (decision 0014), checked in its transaction once
 * the cart is known to be valid and before anything is released or held:
 * - an account holds at most HOLDS_PER_ACCOUNT numbers (a checkout replaces the buyer's open
 *   order, so that is the size of the cart plus what the buyer's orders with a payment
 *   submitted hold, which no checkout replaces): 409 HOLD_LIMIT;
 * - a buyer's holds of one number last HOLD_MINUTES in all, counted from the first: a number
 *   whose time is used up waits HOLD_COOLDOWN_MINUTES after that hold ended before the same
 *   buyer may hold it again (429 HOLD_COOLDOWN), and one re-held meanwhile (a changed cart, a
 *   number removed and added again) keeps the end of that first hold;
 * - the checkouts from one client address (other accounts' live holds plus this cart) hold at
 *   most HOLDS_PER_IP numbers: 429 HOLD_LIMIT_ADDRESS (counted under an advisory lock on the
 *   address, so parallel checkouts cannot pass it together).
 * Returns when the new hold must end at the latest (undefined: a full HOLD_MINUTES).
 */
export async function checkHoldLimits(
  deps: Pick<OrderDeps, 'config'>,
  tx: Tx,
  hold: {
    userId: string;
    clientIp: string;
    numbers: ReadonlyArray<{ id: number; number: string }>;
    /** What is checked out: the cart, Buy now of one number, a lapsed order tried again. */
    purpose: 'cart' | 'buy_now' | 'retry';
  },
): Promise<Date | undefined> {
  const { config } = deps;
  const ids = hold.numbers.map((n) => n.id);
  // Orders whose payment staff are verifying keep their numbers: they count too.
  const verifying = (await liveHoldsOfSubmittedOrders(tx, hold.userId)).held;
  if (verifying + ids.length > config.HOLDS_PER_ACCOUNT) {
    const room = Math.max(0, config.HOLDS_PER_ACCOUNT - verifying);
    const extra = ids.length - room;
    const counting = verifying
      ? `, counting the ${verifying} in orders whose payment our team is verifying`
      : '';
    throw conflict(
      `You can hold up to ${config.HOLDS_PER_ACCOUNT} numbers at a time${counting}. Please remove ${extra} ${extra === 1 ? 'number' : 'numbers'} from your cart to check out.`,
      'HOLD_LIMIT',
      { maxHolds: config.HOLDS_PER_ACCOUNT },
    );
  }

  const { now, ends } = await recentHoldEnds(tx, hold.userId, ids, config.HOLD_COOLDOWN_MINUTES);
  const waiting = hold.numbers.filter(
    (n) => (ends.get(n.id)?.getTime() ?? Infinity) <= now.getTime(),
  );
  if (waiting.length > 0) {
    const free = Math.max(
      ...waiting.map((n) => heldAgainFrom({ holdExpiresAt: ends.get(n.id)! }, config).getTime()),
    );
    const wait = (free - now.getTime()) / 1000;
    const them = waiting.length === 1 ? 'it' : 'them';
    // Only a cart holds other numbers that could be checked out without these.
    const rest =
      hold.purpose === 'cart' && waiting.length < hold.numbers.length
        ? ` Remove ${them} from your cart to check out the rest now.`
        : '';
    throw tooMany(
      'HOLD_COOLDOWN',
      `You held ${listInWords(waiting.map((n) => displayNumber(n.number)))} a short while ago without paying: to give other buyers a chance, you can hold ${them} again in ${minutesText(wait)}.${rest}`,
      wait,
    );
  }

  await lockClientAddress(tx, hold.clientIp);
  const fromAddress = await liveHoldsFromAddress(tx, hold.clientIp, hold.userId);
  if (fromAddress.held + ids.length > config.HOLDS_PER_IP) {
    const wait = fromAddress.firstEndsInSeconds ?? config.HOLD_MINUTES * 60;
    throw tooMany(
      'HOLD_LIMIT_ADDRESS',
      `Too many numbers are held from your network right now. Please try again in ${minutesText(wait)}.`,
      wait,
    );
  }

  const caps = [...ends.values()].map((end) => end.getTime());
  return caps.length > 0 ? new Date(Math.min(...caps)) : undefined;
}
