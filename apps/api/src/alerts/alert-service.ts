import { createHash, randomBytes } from 'node:crypto';
import { toPaise } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sessionKeys } from '../auth/auth-service';
import { publicNumberDetail, type CatalogService } from '../catalog/catalog-service';
import { numberListQuery } from '../catalog/catalog-schemas';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { withAdvisoryLock } from '../db/advisory-lock';
import { inTransaction } from '../db/transactions';
import { badRequest, conflict, minutesText, notFound, tooMany } from '../http/app-error';
import { countHit } from '../http/postgres-rate-limit-store';
import type { Notifier } from '../notify/notifier';
import { enqueueMessages, type Outbox } from '../notify/outbox';
import type { UserService } from '../users/user-service';
import {
  digestMessage,
  notifyMeConfirmMessage,
  onSaleMessage,
  type PriceDrop,
  type SearchNews,
} from './alert-messages';
import { SAVED_SEARCH_LIMIT } from './alert-schemas';
import {
  addFavourites,
  alertsOn,
  deleteSavedSearch,
  dueRecipients,
  confirmComingSoonRequest,
  deleteUnconfirmedComingSoonRequests,
  insertComingSoonRequest,
  insertPendingComingSoonRequest,
  insertSavedSearch,
  listFavourites,
  lockComingSoonGuests,
  listSavedSearches,
  lowerToldPrices,
  recordDigest,
  recordSearchChecked,
  removeFavourite,
  requestedNumbers,
  setAlertsOn,
  takeComingSoonRequests,
  toldNumbers,
} from './alert-store';
import { unsubscribeKey } from './unsubscribe-key';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

export interface AlertServiceDeps {
  config: Config;
  database: Database;
  notifier: Notifier;
  outbox: Outbox;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  catalog: CatalogService;
  users: UserService;
}

/** A digest goes to a buyer at most once in this long. */
const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** New numbers a digest lists per saved search (the e-mail links to the rest). */
const NUMBERS_PER_SEARCH = 10;
/** New numbers read per search to find them (some may have been listed before). */
const CANDIDATES_PER_SEARCH = 50;
/** A guest's Notify me link works this long; unconfirmed, the request is void then (and deleted). */
const CONFIRM_LINK_SECONDS = 7 * 86_400;
/** A guest asking again for the same number gets no new link within this long of the last. */
const CONFIRM_RESEND_SECONDS = 15 * 60;
/** The session-level advisory lock the digest runs under: one sender across processes. */
const DIGEST_LOCK = 'store-alert-digest';

/** The listing filters of a saved query string, as GET /numbers reads them. */
function readFilters(query: string) {
  return numberListQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
}

/** The SHA-256 of a Notify me link's token: all the database keeps of it. */
const hashConfirmToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The listing's paging and an address's campaign tags: in a listing's address, not filters. */
const notAFilter = (key: string) => key === 'page' || key === 'pageSize' || key.startsWith('utm_');

/** What a saved search may hold: the listing's filters (GET /numbers), without its paging. */
const searchParameters = Object.keys(numberListQuery.shape).filter((key) => !notAFilter(key));

/**
 * The filters a search keeps: the listing's own parameters, without its page or campaign tags.
 * A parameter the listing does not know is refused, named (QA 30 F6): GET /numbers would pass
 * it by, and the saved search's alerts would then match more than the buyer asked for.
 */
function keptQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const unknown = [...new Set(params.keys())].filter(
    (key) => !notAFilter(key) && !searchParameters.includes(key),
  );
  if (unknown.length > 0) {
    throw badRequest(
      `The search cannot be saved: ${unknown.map((key) => `"${key.slice(0, 40)}"`).join(', ')} ${unknown.length === 1 ? 'is not a parameter' : 'are not parameters'} of the listing. It takes ${searchParameters.join(', ')}.`,
    );
  }
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    if (!notAFilter(key) && value.trim()) kept.set(key, value);
  }
  return kept.toString();
}

/**
 * Favourites, saved searches and their alerts: at most one e-mail a day per buyer listing the
 * numbers new to their saved searches and the price drops of their favourites, with a
 * one-click unsubscribe link signed with a key kept in the database (decisions 0021, 0105).
 */
export function createAlertService(deps: AlertServiceDeps) {
  const { config, database, notifier, outbox, log, catalog, users } = deps;
  // A command sends nothing itself: the server's outbox worker sends what it wrote.
  const canSend = () => notifier.delivers?.('email') !== false;
  const db = database.db;

  /** A guest's Notify me, counted per client address: 429 past NOTIFY_ME_PER_IP_PER_HOUR. */
  async function countGuestAsk(clientIp: string) {
    const hit = await countHit(
      database,
      `notify-me|${clientIp}`,
      config.NOTIFY_ME_WINDOW_SECONDS * 1000,
    );
    if (hit.current > config.NOTIFY_ME_PER_IP_PER_HOUR) {
      throw tooMany(
        'TOO_MANY_REQUESTS',
        `You have asked us to e-mail you about several numbers recently. Please try again in ${minutesText(hit.ttl / 1000)}, or sign in and we will tell your account's e-mail.`,
        hit.ttl / 1000,
      );
    }
  }

  async function favourites(userId: string) {
    const kept = await listFavourites(db, userId);
    const details = new Map(
      (await catalog.detailsByIds(kept.map((row) => row.numberId))).map((d) => [d.id, d]),
    );
    return kept.flatMap((row) => {
      const detail = details.get(row.numberId);
      return detail ? [publicNumberDetail(detail)] : [];
    });
  }

  /**
   * Keeps the numbers among `ids` this buyer may see: on sale (or held by their own order) or
   * coming soon, at the price shown; one kept already stays as it is, whatever it is now. The
   * others, hidden, sold, held by someone else or unknown, are `skipped`: a favourite is no way
   * to read a number the store does not show (decision 0083).
   */
  async function keep(userId: string, ids: readonly number[]) {
    const kept = new Set((await listFavourites(db, userId)).map((row) => row.numberId));
    const found = await catalog.lookUp(ids, userId);
    const added = ids.flatMap((id) => {
      const number = found.get(id);
      if (kept.has(id) || !number || !(number.valid || number.comingSoon)) return [];
      return [{ numberId: id, price: number.number.finalPrice }];
    });
    await addFavourites(db, userId, added);
    const alertsStarted = added.length > 0 && (await alertsStart(userId, 'favourite'));
    const addedIds = new Set(added.map((row) => row.numberId));
    const skipped = ids.filter((id) => !kept.has(id) && !addedIds.has(id));
    return { skipped, alertsStarted };
  }

  /**
   * Records the alert e-mails' start when this favourite or saved search is the buyer's first
   * (alerts on, no consent of theirs recorded yet): true then, and the page says so (0057).
   */
  async function alertsStart(userId: string, source: 'favourite' | 'saved_search') {
    if (!(await alertsOn(db, userId))) return false;
    return users.recordFirstConsent(db, { userId, kind: 'price_alerts', given: true, source });
  }

  /** Turns the alert e-mails on or off, recording the change as a consent given or withdrawn. */
  async function switchAlerts(
    userId: string,
    on: boolean,
    source: 'saved_page' | 'unsubscribe_link',
  ) {
    await inTransaction(database, async (tx) => {
      const before = await alertsOn(tx, userId);
      await setAlertsOn(tx, userId, on);
      if (before !== on) {
        await users.recordConsents(tx, [{ userId, kind: 'price_alerts', given: on, source }]);
      }
    });
  }

  /**
   * What a buyer's digest would list now, and what to record once it is sent. A search is
   * marked checked at the database's clock (which stamps `listed_at`), read before looking.
   */
  async function digestFor(userId: string) {
    const [clock] = await database.query<{ now: Date }>('select now() as now');
    const checkedAt = clock!.now;
    const searches: (SearchNews & { id: string })[] = [];
    const checked: { id: string; numberIds: number[] }[] = [];
    for (const search of await listSavedSearches(db, userId)) {
      const filters = readFilters(search.query);
      if (!filters.success) continue;
      const fresh = await catalog.listedSince(
        filters.data,
        search.checkedAt,
        CANDIDATES_PER_SEARCH,
      );
      const told = await toldNumbers(
        db,
        search.id,
        fresh.map((item) => item.id),
      );
      const news = fresh.filter((item) => !told.has(item.id)).slice(0, NUMBERS_PER_SEARCH);
      checked.push({ id: search.id, numberIds: news.map((item) => item.id) });
      if (news.length > 0) searches.push({ ...search, numbers: news });
    }
    const kept = await listFavourites(db, userId);
    const told = new Map(kept.map((row) => [row.numberId, row.toldPrice]));
    const drops: PriceDrop[] = (await catalog.detailsByIds([...told.keys()]))
      .filter((n) => n.status === 'available' && toPaise(n.pricing.nwFinalPrice) < told.get(n.id)!)
      .map((number) => ({ number, was: told.get(number.id)! }));
    return { searches, drops, checked, checkedAt };
  }

  /** Sends one buyer's digest if it lists anything; records what it listed. */
  async function sendDigest(userId: string, now: Date): Promise<boolean> {
    const [contact] = await users.contacts([userId]);
    if (!contact) return false;
    const { searches, drops, checked, checkedAt } = await digestFor(userId);
    const listed = [
      ...searches.flatMap((search) => search.numbers.map((item) => item.number)),
      ...drops.map((drop) => drop.number.number),
    ];
    const key = await unsubscribeKey(database);
    // Written to the outbox with the record of what it lists: sent once, retried if need be.
    const messageIds = await inTransaction(database, async (tx) => {
      for (const search of checked) {
        await recordSearchChecked(tx, search.id, checkedAt, search.numberIds);
      }
      await lowerToldPrices(
        tx,
        userId,
        drops.map((drop) => ({
          numberId: drop.number.id,
          price: toPaise(drop.number.pricing.nwFinalPrice),
        })),
      );
      if (listed.length === 0) return [];
      await recordDigest(tx, userId, now, listed);
      const digest = digestMessage(config, {
        to: contact,
        searches,
        drops,
        unsubscribeToken: unsubscribeToken(userId, key),
      });
      return enqueueMessages(tx, [digest]);
    });
    if (canSend()) await outbox.deliverNow(messageIds);
    return listed.length > 0;
  }

  /**
   * Tells everyone who pressed Notify me on a number that is now on sale, once: their requests
   * are deleted in the transaction that writes the e-mails to the outbox.
   */
  async function tellOnSale(): Promise<number> {
    const asked = await requestedNumbers(db);
    const onSale = (await catalog.detailsByIds(asked)).filter((n) => n.status === 'available');
    const byId = new Map(onSale.map((number) => [number.id, number]));
    const { told, messageIds } = await inTransaction(database, async (tx) => {
      const requests = await takeComingSoonRequests(tx, [...byId.keys()]);
      // A buyer who asked signed in is greeted by name; a guest gave an address only.
      const accounts = requests.flatMap((request) => (request.userId ? [request.userId] : []));
      const names = new Map(
        (accounts.length > 0 ? await users.contacts(accounts, tx) : []).map((c) => [c.id, c.name]),
      );
      const messages = requests.map((request) =>
        onSaleMessage(
          config,
          { email: request.email, name: request.userId ? names.get(request.userId) : undefined },
          byId.get(request.numberId)!,
        ),
      );
      return { told: requests.length, messageIds: await enqueueMessages(tx, messages) };
    });
    if (canSend()) await outbox.deliverNow(messageIds);
    return told;
  }

  // A number put on sale by staff may be one someone is waiting for.
  catalog.onChange((change) => {
    if (change.kind === 'status') {
      tellOnSale().catch((error: unknown) => log.error({ err: error }, 'on-sale e-mails failed'));
    }
  });

  return {
    favourites,
    tellOnSale,

    /**
     * Notify me on a coming-soon number: the signed-in buyer's e-mail, or the one a guest gives
     * (400 without one); 404 for an unknown number, 409 NUMBER_NOT_COMING_SOON otherwise, naming
     * the number by its id only (a hidden, sold or held number's digits are not told). A
     * signed-in buyer's (verified) e-mail is kept at once. A guest's address is nobody's proven
     * one: it gets one e-mail with a link that confirms the request (`pending`), and is told of
     * the sale only once confirmed (decision 0053). Guests are held to NOTIFY_ME_PER_IP_PER_HOUR
     * per client address (429; every call counts, a refused one too, decision 0083) and a number
     * keeps NOTIFY_ME_GUESTS_PER_NUMBER of them (409 NOTIFY_ME_LIST_FULL): the store cannot be
     * made to e-mail strangers in bulk (decision 0048).
     * The answer to a guest is the same whatever the list holds: it tells nobody who is on it.
     */
    async askComingSoon(
      userId: string | null,
      numberId: number,
      email: string | undefined,
      clientIp: string,
    ) {
      const [contact] = userId ? await users.contacts([userId]) : [];
      // Every call of a guest counts, refused ones too: ids cannot be tried for free.
      if (!contact) await countGuestAsk(clientIp);
      const [number] = await catalog.detailsByIds([numberId]);
      if (!number) throw notFound(`Number ${numberId} is not in our store.`);
      if (number.status !== 'coming_soon') {
        // By its id only: a hidden, sold or held number's digits are nobody's business.
        throw conflict(
          number.status === 'available'
            ? `Number ${numberId} is on sale now: add it to your cart.`
            : `Number ${numberId} is not available.`,
          'NUMBER_NOT_COMING_SOON',
        );
      }
      if (contact) {
        await insertComingSoonRequest(db, { numberId, email: contact.email, userId: contact.id });
        return { display: number.display, email: contact.email, pending: false };
      }
      if (!email)
        throw badRequest('Enter your e-mail address and we will tell you when it is on sale.');
      const messageIds = await inTransaction(database, async (tx) => {
        const list = await lockComingSoonGuests(tx, numberId, email, {
          linkSeconds: CONFIRM_LINK_SECONDS,
          resendSeconds: CONFIRM_RESEND_SECONDS,
        });
        if (list.guests >= config.NOTIFY_ME_GUESTS_PER_NUMBER) {
          throw conflict(
            `Many people are already waiting for ${number.display}. Sign in and press Notify me, and we will tell your account's e-mail when it goes on sale.`,
            'NOTIFY_ME_LIST_FULL',
          );
        }
        // On the list already, or sent a link a moment ago: the same answer, no second e-mail.
        if (list.quiet) return [];
        const token = randomBytes(32).toString('base64url');
        await insertPendingComingSoonRequest(tx, {
          numberId,
          email,
          tokenHash: hashConfirmToken(token),
        });
        const link = { token, days: CONFIRM_LINK_SECONDS / 86_400 };
        return enqueueMessages(tx, [notifyMeConfirmMessage(config, email, number, link)]);
      });
      if (canSend()) await outbox.deliverNow(messageIds);
      return { display: number.display, email, pending: true };
    },

    /**
     * Confirms a guest's Notify me from the link e-mailed to it (once; 400
     * INVALID_NOTIFY_ME_LINK for a link unknown, used or expired). A number already on sale is
     * told at once.
     */
    async confirmComingSoon(token: string) {
      const request = await confirmComingSoonRequest(
        db,
        hashConfirmToken(token),
        CONFIRM_LINK_SECONDS,
      );
      const [number] = request ? await catalog.detailsByIds([request.numberId]) : [];
      if (!request || !number) {
        throw badRequest(
          "This link has expired or was used already. Press Notify me on the number's page again and we will send a new one.",
          'INVALID_NOTIFY_ME_LINK',
        );
      }
      if (number.status === 'available') await tellOnSale();
      return {
        email: request.email,
        number: number.number,
        display: number.display,
        onSale: number.status === 'available',
      };
    },

    /**
     * Adds a number to the buyer's favourites (again: no change); 404 for a number the buyer
     * may not see (`keep`), as GET /numbers/{id} answers. `alertsStarted`: this favourite
     * started the buyer's alert e-mails.
     */
    async addFavourite(userId: string, numberId: number) {
      const { skipped, alertsStarted } = await keep(userId, [numberId]);
      if (skipped.length > 0) throw notFound(`Number ${numberId} is not available.`);
      return { alertsStarted };
    },

    removeFavourite: (userId: string, numberId: number) => removeFavourite(db, userId, numberId),

    /**
     * Adds the favourites a guest kept in the browser; all of them, and the ids `skipped`
     * (numbers the buyer may not see now, `keep`), by id only.
     */
    async mergeFavourites(userId: string, ids: readonly number[]) {
      const { skipped } = await keep(userId, [...new Set(ids)]);
      return { items: await favourites(userId), skipped };
    },

    async savedSearches(userId: string) {
      const rows = await listSavedSearches(db, userId);
      return {
        items: rows.map(({ id, name, query, createdAt }) => ({
          id,
          name,
          query,
          createdAt: createdAt.toISOString(),
        })),
        limit: SAVED_SEARCH_LIMIT,
        alertsOn: await alertsOn(db, userId),
      };
    },

    /** Saves a listing's filters under a name: 400 for filters the listing refuses, 409 at the limit. */
    async saveSearch(userId: string, search: { name: string; query: string }) {
      const query = keptQuery(search.query);
      const filters = readFilters(query);
      if (!filters.success) {
        const issue = filters.error.issues[0];
        throw badRequest(
          `The search cannot be saved: ${issue?.path.join('.') ?? 'query'} ${issue?.message ?? 'is not valid'}.`,
        );
      }
      const row = await inTransaction(database, (tx) =>
        insertSavedSearch(tx, { userId, name: search.name, query }, SAVED_SEARCH_LIMIT),
      );
      if (!row) {
        throw conflict(
          `You can keep at most ${SAVED_SEARCH_LIMIT} saved searches. Delete one to save this search.`,
          'SAVED_SEARCH_LIMIT',
        );
      }
      await alertsStart(userId, 'saved_search');
      return {
        id: row.id,
        name: row.name,
        query: row.query,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async deleteSavedSearch(userId: string, id: string) {
      if (!(await deleteSavedSearch(db, userId, id))) {
        throw notFound('That saved search was not found. It may have been deleted already.');
      }
    },

    setAlertsOn: (userId: string, on: boolean) => switchAlerts(userId, on, 'saved_page'),

    /** Unsubscribes the buyer the token was made for; 400 for a token that is not ours. */
    async unsubscribe(token: string) {
      // Links e-mailed before decision 0105 were signed with a key derived from SESSION_SECRET.
      const userId = readUnsubscribeToken(token, [
        await unsubscribeKey(database),
        sessionKeys(config).unsubscribe,
      ]);
      if (!userId || (await users.contacts([userId])).length === 0) {
        throw badRequest(
          'This unsubscribe link is not valid. Sign in and turn alerts off on your Saved page instead.',
          'INVALID_UNSUBSCRIBE_LINK',
        );
      }
      await switchAlerts(userId, false, 'unsubscribe_link');
    },

    /**
     * Sends the daily digests that are due, under a session-level advisory lock so that two
     * processes never both send; `sent` is undefined when another process holds the lock.
     */
    async sendDigests(now = new Date()): Promise<{ sent?: number }> {
      const sent = await withAdvisoryLock(database, DIGEST_LOCK, { wait: false }, async () => {
        let count = 0;
        // Also the on-sale e-mails a change in another process (a command) did not send.
        await tellOnSale();
        await deleteUnconfirmedComingSoonRequests(db, CONFIRM_LINK_SECONDS);
        const due = await dueRecipients(db, new Date(now.getTime() - DIGEST_INTERVAL_MS));
        for (const userId of due) {
          try {
            if (await sendDigest(userId, now)) count += 1;
          } catch (error) {
            log.error({ err: error, userId }, 'alert digest failed for a buyer');
          }
        }
        return count;
      });
      return sent === undefined ? {} : { sent };
    },
  };
}
