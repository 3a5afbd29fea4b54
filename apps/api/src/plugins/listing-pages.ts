import { categoryFromQuery, findCity, findState } from '@store/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { numberListQuery, numberPageSchema } from '../catalog/catalog-schemas';
import type { PageRenderer } from './page-renderer';
import { PageNotServed, renderedPages, type PageRenderLimit } from './rendered-pages';

const slug = '(^[a-z0-9-]+$)';
/** The routes of the pages that list numbers (a place's slugs as the store writes them). */
export const listingRoutes = [
  '/',
  '/premium-numbers',
  '/offer-zone',
  `/vip-numbers/:state${slug}`,
  `/vip-numbers/:state${slug}/:city${slug}`,
];

/**
 * A page that lists numbers: what its list always asks GET /numbers for (the offer zone: numbers
 * on offer), and whether it is a listing, whose category and page are in its address (the home
 * page's four offers are not).
 */
interface ListingPath {
  fixed: Record<string, string>;
  listing: boolean;
}

function listingPath(path: string): ListingPath | undefined {
  if (path === '/') return { fixed: { offer: 'true', pageSize: '4' }, listing: false };
  if (path === '/premium-numbers') return { fixed: {}, listing: true };
  if (path === '/offer-zone') return { fixed: { offer: 'true' }, listing: true };
  const [, state, city] = /^\/vip-numbers\/([^/]+)(?:\/([^/]+))?$/.exec(path) ?? [];
  if (state && (city ? findCity(state, city) : findState(state))) {
    return { fixed: {}, listing: true };
  }
  return undefined;
}

/** Whether the address is a listing's search in plain words (`?text=`), kept out of results. */
export function isListingSearch(path: string, query: string): boolean {
  return !!listingPath(path)?.listing && !!new URLSearchParams(query).get('text')?.trim();
}

/**
 * The query of a listing address the API serves with its numbers, written one way
 * (`category=mirror-numbers&page=2`), or undefined for any other: a listing's canonical
 * addresses are the listing, a category and a further page of either (no other parameter, the
 * category's slug as the store writes it, a page from 2). Any other query (a search, a price
 * range, a sort, an advert's utm_source) keeps the prerendered page, which lists in the browser.
 */
function servedListingQuery(query: string): string | undefined {
  const params = new URLSearchParams(query);
  const keys = [...params.keys()];
  if (
    new Set(keys).size !== keys.length ||
    keys.some((key) => key !== 'category' && key !== 'page')
  ) {
    return undefined;
  }
  const served = new URLSearchParams();
  const category = params.get('category');
  if (category !== null) {
    if (categoryFromQuery(category)?.slug !== category) return undefined;
    served.set('category', category);
  }
  const page = params.get('page');
  if (page !== null) {
    if (!/^[1-9]\d{0,5}$/.test(page) || Number(page) < 2 || Number(page) > 100_000) {
      return undefined;
    }
    served.set('page', page);
  }
  return served.toString();
}

/**
 * Pages with their numbers (decision 0044): /premium-numbers, /offer-zone and the state and
 * city pages at their canonical addresses (servedListingQuery), and the home page's offers (its
 * address without a query), rendered on request with
 * the web app's server build and the first page of numbers read as GET /numbers reads it, kept
 * and forgotten as renderedPages says. Returns the page's handler for the web app's plugin,
 * which answers false for an address it does not serve, a page that failed to render (logged)
 * or a client over its render limit (logged): the web app then sends the prerendered page,
 * which lists the numbers in the browser. A further page past the listing's end answers false
 * too, with the reply's status set to 404 (the web app sends it noindex, follow: decision 0047).
 */
export function listingPages(
  app: FastifyInstance,
  opts: { render: PageRenderer; mayRender: PageRenderLimit },
) {
  const { catalog } = app.services;
  const pages = renderedPages(app, opts);

  const renderPage = async (
    path: string,
    search: string,
    fixed: Record<string, string>,
    render: PageRenderer,
  ) => {
    const query = Object.fromEntries(new URLSearchParams(search));
    const listed = await catalog.list(numberListQuery.parse({ ...query, ...fixed }));
    // The page's data as GET /numbers sends it (its schema's fields, nothing more).
    const page = numberPageSchema.parse(listed);
    // A further page with no numbers is past the listing's end (its count may stop at 5,000:
    // the page itself tells).
    if (page.page > 1 && page.items.length === 0) throw new PageNotServed('past the end');
    const { status, html } = await render(search ? `${path}?${search}` : path, {
      listing: { search, page },
    });
    if (status !== 200) throw new Error(`the web build answered ${status}`);
    return { status, html };
  };

  // Whether it answered (the reply is a thenable: an async function cannot hand it back).
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
    const listing = listingPath(path);
    // The home page is served with its offers at its own address only (no query).
    const ownAddress = query === '' ? '' : undefined;
    const search = listing && (listing.listing ? servedListingQuery(query) : ownAddress);
    if (!listing || search === undefined) return false;
    try {
      const page = await pages.get(`${path}?${search}`, request, (render) =>
        renderPage(path, search, listing.fixed, render),
      );
      pages.send(page, request, reply);
      return true;
    } catch (error) {
      if (!(error instanceof PageNotServed)) {
        request.log.error(
          { err: error },
          'listing page not rendered: its prerendered page answers',
        );
      } else if (error.reason === 'render limit') {
        request.log.warn({ ip: request.ip }, "listing page over its client's render limit");
      } else {
        // Its prerendered page says so in the browser ("past the end of the list", a link back
        // to the first page); search engines are told there is no such page, by the header and
        // robots tag it is sent with (noindex, follow: web-app.ts).
        reply.status(404);
      }
      return false;
    }
  };
}
