import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser, userOrGuest } from '../auth/auth-service';
import { numberParams } from '../catalog/catalog-schemas';
import { clientAddress } from '../http/client-address';
import { envelope, errorBody, ok, optionalBody } from '../http/envelope';
import {
  alertSettingsBody,
  favouritesSchema,
  mergeFavouritesBody,
  mergedFavouritesSchema,
  notifyMeBody,
  notifyMeConfirmBody,
  notifyMeConfirmedSchema,
  notifyMeSchema,
  savedSearchBody,
  savedSearchesSchema,
  savedSearchParams,
  savedSearchSchema,
  unsubscribeQuery,
} from './alert-schemas';

const tags = ['alerts'];
const security = [{ sessionCookie: [] }];
const done = envelope(z.object({}));
const favouriteAdded = envelope(
  z.object({
    alertsStarted: z
      .boolean()
      .optional()
      .describe('This favourite started the alert e-mails (tell the buyer, offer to stop them)'),
  }),
);

/** Favourites, saved searches and the alert e-mails' settings and unsubscribe link. */
export async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { alerts } = app.services;

  // A mail client's one-click unsubscribe posts a form (RFC 8058); the token says who.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    (_request, payload, finish) => {
      payload.resume();
      payload.on('end', () => finish(null, undefined));
      payload.on('error', (error) => finish(error, undefined));
    },
  );

  app.get(
    '/favourites',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The buyer's favourite numbers, whatever their status now",
        response: { 200: envelope(favouritesSchema), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ items: await alerts.favourites(currentUser(request).id) });
    },
  );

  app.put(
    '/favourites/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add a number to the favourites (again: no change)',
        description:
          "A number on sale or coming soon (404 for any other the buyer had not kept, as GET /numbers/{id}). The daily alert e-mail tells the buyer when its price drops. `alertsStarted`: this was the buyer's first favourite or saved search with alert e-mails on, recorded as the e-mails' start; the page then says so and offers to turn them off (decision 0057).",
        params: numberParams,
        response: { 200: favouriteAdded, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const added = await alerts.addFavourite(currentUser(request).id, request.params.id);
      return ok(added, 'Saved to your favourites.');
    },
  );

  app.delete(
    '/favourites/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove a number from the favourites',
        params: numberParams,
        response: { 200: done, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      await alerts.removeFavourite(currentUser(request).id, request.params.id);
      return ok({}, 'Removed from your favourites.');
    },
  );

  app.post(
    '/favourites/merge',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add the favourites kept in the browser as a guest (at sign-in)',
        description:
          'Answers all the favourites, and the ids `skipped`: numbers not on sale or coming soon now that the buyer had not kept (decision 0083).',
        body: mergeFavouritesBody,
        response: { 200: envelope(mergedFavouritesSchema), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ok(await alerts.mergeFavourites(currentUser(request).id, request.body.ids)),
  );

  app.post(
    '/numbers/:id/notify-me',
    {
      schema: {
        tags,
        summary: 'Notify me: an e-mail once when this coming-soon number goes on sale',
        description:
          "A signed-in buyer's account e-mail, kept at once; or the e-mail a guest gives, which is sent one link to confirm it (`pending`: told of the sale only once confirmed with POST /notify-me/confirm; asked again within 15 minutes, or already confirmed, nothing more is sent, and the answer is the same). 409 NUMBER_NOT_COMING_SOON for a number on sale or gone, named by its id only. A guest's e-mail is nobody's proven address: guests may ask NOTIFY_ME_PER_IP_PER_HOUR times per client address, refused asks included (429 with Retry-After), and a number keeps NOTIFY_ME_GUESTS_PER_NUMBER guest addresses (409 NOTIFY_ME_LIST_FULL; a signed-in buyer is still kept).",
        params: numberParams,
        body: optionalBody(notifyMeBody),
        response: {
          200: envelope(notifyMeSchema),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      const asked = await alerts.askComingSoon(
        userOrGuest(request)?.id ?? null,
        request.params.id,
        request.body?.email,
        clientAddress(request.ip),
      );
      return ok(
        { pending: asked.pending },
        asked.pending
          ? `We sent a link to ${asked.email} — open it to get the alert when ${asked.display} goes on sale.`
          : `We will e-mail ${asked.email} when ${asked.display} goes on sale.`,
      );
    },
  );

  app.post(
    '/notify-me/confirm',
    {
      schema: {
        tags,
        summary: "Confirm a guest's Notify me, from the link e-mailed to it (no sign-in)",
        description:
          'The button of the /notify-me/confirm page: the token of the link, used once, within 7 days of the e-mail. 400 INVALID_NOTIFY_ME_LINK for a link unknown, used or expired. A number already on sale is e-mailed at once.',
        body: notifyMeConfirmBody,
        response: { 200: envelope(notifyMeConfirmedSchema), 400: errorBody },
      },
    },
    async (request) => {
      const confirmed = await alerts.confirmComingSoon(request.body.token);
      return ok(
        { number: confirmed.number, display: confirmed.display },
        confirmed.onSale
          ? `${confirmed.display} is on sale now: we have e-mailed ${confirmed.email} its link.`
          : `Confirmed: we will e-mail ${confirmed.email} once, when ${confirmed.display} goes on sale.`,
      );
    },
  );

  app.get(
    '/saved-searches',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The buyer's saved searches and whether alert e-mails are on",
        response: { 200: envelope(savedSearchesSchema), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await alerts.savedSearches(currentUser(request).id));
    },
  );

  app.post(
    '/saved-searches',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Save a listing's filters under a name (at most 20 per buyer)",
        description:
          'New numbers matching it are listed in the daily alert e-mail. 409 SAVED_SEARCH_LIMIT when the buyer keeps 20 already.',
        body: savedSearchBody,
        response: {
          201: envelope(savedSearchSchema),
          400: errorBody,
          401: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const saved = await alerts.saveSearch(currentUser(request).id, request.body);
      reply.status(201);
      return ok(saved, 'Search saved. We will e-mail you when new numbers match it.');
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a saved search',
        params: savedSearchParams,
        response: { 200: done, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await alerts.deleteSavedSearch(currentUser(request).id, request.params.id);
      return ok({}, 'Saved search deleted.');
    },
  );

  app.put(
    '/alerts/settings',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Turn the daily alert e-mail on or off',
        body: alertSettingsBody,
        response: { 200: done, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      await alerts.setAlertsOn(currentUser(request).id, request.body.alertsOn);
      return ok(
        {},
        request.body.alertsOn ? 'Alert e-mails are on.' : 'You will get no more alert e-mails.',
      );
    },
  );

  app.post(
    '/alerts/unsubscribe',
    {
      // The signed token proves the request; mail clients post it from their own servers.
      config: { skipOriginCheck: true },
      schema: {
        tags,
        summary: 'Stop the alert e-mails, from the link in one (no sign-in)',
        description:
          'The one-click unsubscribe of the e-mail (List-Unsubscribe-Post, RFC 8058) and the button of the /unsubscribe page. Any body is ignored. 400 INVALID_UNSUBSCRIBE_LINK for a token that is not ours.',
        querystring: unsubscribeQuery,
        response: { 200: done, 400: errorBody },
      },
    },
    async (request) => {
      await alerts.unsubscribe(request.query.token);
      return ok({}, 'You are unsubscribed: we will send you no more alert e-mails.');
    },
  );
}
