import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import {
  categoryFromQuery,
  DEMO_OFFICE_ADDRESS,
  DEMO_RATING,
  DEMO_SALES_LINE,
  DEMO_STORE_NAME,
  isExampleEmail,
  listInWords,
} from '@store/domain';
import { webBuildDir } from '../config/web-build';
import { categoryPageFile } from '../http/category-pages';
import { noRoute } from '../http/app-error';
import { isListingSearch, listingPages, listingRoutes } from './listing-pages';
import type { PageRenderer } from './page-renderer';
import type { PageRenderLimit } from './rendered-pages';
import { ROBOTS_TAG } from './robots-tag';

/** The app shell: the page the web app answers paths it has no page for with. */
export const shellFile = '__spa-fallback.html';
/** Written by the web build (apps/web/scripts/write-csp-hashes.ts): page -> its inline scripts. */
const cspHashesFile = 'csp-hashes.json';

/**
 * The CSP hashes of the build's pages as the file now has them: read again whenever the file
 * changes (its modification time and size, a stat per page sent), so that a build made while the
 * store runs never has its new pages sent with the old pages' hashes (or the other way round).
 */
function currentCspHashes(root: string, warn: (line: string) => void) {
  let read: { key: string; hashes: Map<string, string[]> } | undefined;
  return (): Map<string, string[]> => {
    let key = 'none';
    try {
      const stat = statSync(join(root, cspHashesFile));
      key = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      // No file (yet): readCspHashes says so once.
    }
    if (read?.key !== key) read = { key, hashes: readCspHashes(root, read ? () => {} : warn) };
    return read.hashes;
  };
}

/** The CSP hashes of every page's inline scripts, by path inside the build ('index.html'). */
function readCspHashes(root: string, warn: (line: string) => void): Map<string, string[]> {
  try {
    const hashes = JSON.parse(readFileSync(join(root, cspHashesFile), 'utf8')) as Record<
      string,
      string[]
    >;
    return new Map(Object.entries(hashes));
  } catch {
    warn(
      `No ${cspHashesFile} in the web build at ${root}: the pages' inline scripts will be refused by the Content-Security-Policy. Run "npm run build".`,
    );
    return new Map();
  }
}

/**
 * A page of the web build at `root` (`page`: its path inside it, the app shell's
 * `__spa-fallback.html`) and the hashes of its inline scripts, or undefined when the build has
 * no such page.
 */
export function readBuiltPage(
  root: string,
  page: string,
): { html: string; scripts: string[] } | undefined {
  const file = join(root, page);
  if (!existsSync(file)) return undefined;
  const scripts = readCspHashes(root, () => {}).get(page) ?? [];
  return { html: readFileSync(file, 'utf8'), scripts };
}

/**
 * What the build's home page says of the settings it was made with: the address (its canonical
 * link's origin) and the PUBLIC_* settings it shows at the demo store's values.
 */
function builtWith(root: string): { origin?: string; demoSettings: string[] } {
  let html: string;
  try {
    html = readFileSync(join(root, 'index.html'), 'utf8');
  } catch {
    return { demoSettings: [] };
  }
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return {
    origin: href ? new URL(href).origin : undefined,
    demoSettings: demoMarks.filter(([, shows]) => shows(html)).map(([setting]) => setting),
  };
}

/** Each PUBLIC_* setting the home page shows, and whether it shows the demo store's value. */
const demoMarks: [setting: string, shows: (html: string) => boolean][] = [
  ['PUBLIC_STORE_NAME', (html) => html.includes(`og:site_name" content="${DEMO_STORE_NAME}"`)],
  ['PUBLIC_SALES_WHATSAPP', (html) => html.includes(`https://wa.me/91${DEMO_SALES_LINE}`)],
  ['PUBLIC_SUPPORT_PHONE', (html) => html.includes(`href="tel:+91${DEMO_SALES_LINE}"`)],
  [
    'PUBLIC_SUPPORT_EMAIL',
    (html) => [...html.matchAll(/href="mailto:([^"?]+)/g)].some(([, to]) => isExampleEmail(to!)),
  ],
  ['PUBLIC_OFFICE_ADDRESS', (html) => html.includes(DEMO_OFFICE_ADDRESS)],
  [
    'PUBLIC_RATING_VALUE and PUBLIC_RATING_COUNT',
    (html) =>
      html.includes(`"ratingValue":"${DEMO_RATING.value}"`) &&
      html.includes(`"ratingCount":${DEMO_RATING.count}`),
  ],
];

/**
 * Serves the built web app: files as they are, a prerendered page's index.html for its path (or
 * the page of the category its query names: /premium-numbers?category=mirror-numbers), and the
 * app shell for every other path (the app itself handles unknown paths and sign-in),
 * marked noindex (X-Robots-Tag) so that crawlers never index it. With the web build's renderer
 * (`render`), a listing's canonical addresses are rendered with their numbers (listingPages),
 * the prerendered page answering when that fails.
 */
export async function webApp(
  app: FastifyInstance,
  opts: {
    buildDir?: string;
    publicBaseUrl: string;
    /** NODE_ENV=production: a build showing the demo store's contacts is warned of. */
    production?: boolean;
    render?: { render: PageRenderer; mayRender: PageRenderLimit };
  },
) {
  const root = webBuildDir(opts.buildDir);
  if (!existsSync(root)) {
    app.log.warn(`No web build at ${root}: run "npm run build" to serve the web app.`);
    app.setNotFoundHandler((request) => {
      throw noRoute(request.method, request.url);
    });
    return;
  }
  // The canonical links, structured data, sitemap and the store's contacts are written into the
  // pages at build time.
  const built = builtWith(root);
  const expected = new URL(opts.publicBaseUrl).origin;
  if (built.origin && built.origin !== expected) {
    app.log.warn(
      `The web build at ${root} was made for ${built.origin}, not PUBLIC_BASE_URL ${expected}: its canonical links and structured data name the wrong address. Build it again with this store's PUBLIC_BASE_URL (npm run build).`,
    );
  }
  if (opts.production && built.demoSettings.length > 0) {
    app.log.warn(
      `The web build at ${root} shows the demo store's ${listInWords(built.demoSettings)} on every page: it was built without this store's settings. Build it again with them (README, Deploying step 5: node scripts/with-env-file.mjs /etc/store.env npm run build).`,
    );
  }

  // One address per page (a trailing slash is redirected by `oneAddressPerPage`, for every
  // address). A built file's name (`/premium-numbers/index.html`,
  // `/premium-numbers/category/mirror-numbers.html`), which the static handler would send as a
  // second copy of the page, redirects to the page's own address; any other `.html` name is no
  // page.
  app.addHook('onRequest', async (request, reply) => {
    const [path, query] = pageRequest(request) ?? [];
    if (path === undefined) return;
    const address = builtFileAddress(path, query!);
    if (address === 'no page') return sendPage(undefined, reply);
    if (address) return reply.redirect(address, 301);
  });

  // Each page admits its own inline scripts by hash: the file sent is noted as it is sent (a
  // page's .br or .gz stands for the page) and its hashes join the answer's policy.
  const cspHashes = currentCspHashes(root, (line) => app.log.warn(line));
  cspHashes();
  const pageSent = new WeakMap<object, string>();
  app.addHook('onSend', async (_request, reply, payload) => {
    const file = pageSent.get(reply.raw);
    if (file) reply.allowScripts(cspHashes().get(file) ?? []);
    return payload;
  });

  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      // Hashed file names under assets/ never change content: cache them for a year. Pages and
      // the other files are revalidated (ETag) on every load.
      const immutable = path.includes(`${sep}assets${sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The same address is sent Brotli, gzip or plain depending on Accept-Encoding (the
      // pre-compressed .br and .gz beside each file): shared caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      const file = relative(root, path).replace(/\.(br|gz)$/, '');
      if (file.endsWith('.html')) pageSent.set(res, file.split(sep).join('/'));
    },
  });

  /** A file of the build by its path inside it, if it is there (never one outside it). */
  const builtFile = (path: string) => {
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep)) return undefined;
    return existsSync(file) && statSync(file).isFile() ? file.slice(root.length + 1) : undefined;
  };

  /** The page for an address: the page of the category it names, if there is one, or its own. */
  const page = (url: string) => {
    const [path = '/', query = ''] = url.split(/\?(.*)/s);
    const decoded = decodedPath(path);
    if (decoded === undefined) return undefined;
    const category = categoryFromQuery(new URLSearchParams(query).get('category'));
    const categoryPage = category && builtFile(categoryPageFile(decoded, category.slug));
    return categoryPage || builtFile(join(decoded, 'index.html'));
  };

  /** A page, or the app shell when there is no page (`file` undefined). */
  const sendPage = (file: string | undefined, reply: FastifyReply) => {
    // The shell answers every path that is not a page (profile, orders, unknown paths) with 200
    // (an unknown place or blog post with 404): crawlers are told not to index it (its HTML says
    // so too), so no soft 404 is ever indexed.
    if (!file) reply.header('x-robots-tag', 'noindex');
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile(file ?? shellFile);
  };

  /** An address outside the API with no file of its own: its page, a move, or the app shell. */
  const answerPage = (request: FastifyRequest, reply: FastifyReply) => {
    const [path, query = ''] = pageRequest(request) ?? [];
    if (path === undefined) throw noRoute(request.method, request.url);
    // A file the build does not have (an icon, a script, a picture) is not found: the app
    // shell is for addresses of pages, which the app itself moves on from.
    if (fileName.test(path)) {
      return reply
        .status(404)
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex')
        .type('text/plain; charset=utf-8')
        .send('Not found');
    }
    const file = page(request.url);
    const moved = file ? undefined : movedAddress(path, query);
    if (moved) return reply.redirect(moved, 301);
    // Every state's, city's and blog post's page is prerendered: an address there with no page
    // names no place or post. It is a 404 (the app shell still moves on in the browser).
    if (!file && PRERENDERED_FOLDERS.test(path)) reply.status(404);
    // A search in plain words has as many addresses as there are words: its links are followed,
    // it is kept out of search results (its metadata says so in the browser too). So is a page
    // past a listing's end (404, decision 0047): their prerendered page, made for the listing,
    // says so in its one robots tag and its header alike.
    const searched = isListingSearch(path, query);
    if (file && (searched || reply.statusCode === 404)) return sendNoIndexPage(file, reply);
    return sendPage(file, reply);
  };

  /**
   * A prerendered page sent with its robots tag saying `noindex, follow` and the answer's header
   * the same words (QA 25 F6): one tag, which the route's metadata in the browser then says too.
   */
  const sendNoIndexPage = (file: string, reply: FastifyReply) => {
    const html = readFileSync(join(root, file), 'utf8').replace(
      ROBOTS_TAG,
      `<meta name="robots" content="${NOINDEX_FOLLOW}"/>`,
    );
    reply.allowScripts(cspHashes().get(file.split(sep).join('/')) ?? []);
    return reply
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', NOINDEX_FOLLOW)
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.setNotFoundHandler(answerPage);

  // The pages that list numbers (the home page among them: the static handler refuses
  // directories, and "/" is one): their canonical addresses rendered with their numbers where
  // the web build's renderer is at hand, and answered as any other page otherwise or when that
  // fails.
  const listingPage = opts.render && listingPages(app, opts.render);
  for (const route of listingRoutes) {
    app.get(route, async (request, reply) => {
      if (listingPage && (await listingPage(request, reply))) return reply;
      return answerPage(request, reply);
    });
  }

  /**
   * Where an address with no page of its own was meant to go: the same address in lower case
   * when that is a page (`/Premium-Numbers`, `/Numbers/9876598765`), or the page a common guess
   * names (`/faq`, `/contact`, `/about`). Search engines and visitors get the page at once, with a
   * 301, instead of the app shell's client-side move to the listing.
   */
  function movedAddress(path: string, query: string): string | undefined {
    const decoded = decodedPath(path);
    if (decoded === undefined) return undefined;
    const lower = decoded.toLowerCase();
    const guessed = GUESSED_PAGES[lower];
    if (guessed) return withQuery(encoded(guessed), query);
    if (lower === decoded) return undefined;
    if (page(encoded(lower)) || NUMBER_PAGE.test(lower)) return withQuery(encoded(lower), query);
    return undefined;
  }
}

/** Addresses people and old links guess, and the page each means. */
const GUESSED_PAGES: Record<string, string> = {
  '/faq': "/faq's",
  '/faqs': "/faq's",
  '/contact': '/contact-us',
  '/about': '/why-us',
  '/about-us': '/why-us',
};

/** What a page kept out of search results whose links are worth following says, tag and header. */
const NOINDEX_FOLLOW = 'noindex, follow';

/** The folders whose every page is prerendered: the places (states, cities) and blog posts. */
const PRERENDERED_FOLDERS = /^\/(vip-numbers|blogs)\//;

/** A number's own page (rendered by the API, so no built file says it is there). */
const NUMBER_PAGE = /^\/numbers\/\d{10}$/;

/** The last segment of a path naming a file by the kinds of file a site is asked for. */
const fileName =
  /\.(?:ico|png|jpe?g|gif|webp|avif|svg|webmanifest|json|txt|xml|js|mjs|css|map|woff2?|ttf|pdf|csv|gz|br|zip)$/i;

/** A GET or HEAD of an address outside the API, as [path, query]; otherwise undefined. */
function pageRequest(request: FastifyRequest): [string, string] | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
  return path.startsWith('/api/') ? undefined : [path, query];
}

/**
 * One address per page, on the whole server (an `onRequest` hook of the root): an address
 * outside the API with a trailing slash redirects (301) to it without, query kept, whether it
 * is a built page, a number's page, a sitemap or a file. The router ignores a trailing slash,
 * so without this `/numbers/9876598765/` and `/sitemap.xml/` answered as a second address of
 * their page, and the static handler refuses a folder.
 */
export async function oneAddressPerPage(request: FastifyRequest, reply: FastifyReply) {
  const [path, query] = pageRequest(request) ?? [];
  if (path === undefined || path === '/' || !path.endsWith('/')) return;
  return reply.redirect(withQuery(folderAddress(path), query!), 301);
}

/** A path as its characters, or undefined when its percent-encoding is broken (`/%E0%A4`). */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** A folder's address as the store writes it: one leading slash, none at the end. */
const folderAddress = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`;
/** A decoded path written back into an address, each segment encoded. */
const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** An address with the query parts there are. */
const withQuery = (address: string, ...parts: string[]) => {
  const search = parts.filter(Boolean).join('&');
  return search ? `${address}?${search}` : address;
};

/**
 * The page's own address when a request names it by a built file's name, `'no page'` for the
 * name of a built file that is no page, or undefined otherwise. Leading slashes are collapsed
 * too, so `//host/index.html` cannot become a redirect to another site.
 */
function builtFileAddress(path: string, query: string): string | 'no page' | undefined {
  const decoded = decodedPath(path);
  if (decoded === undefined) return undefined;
  if (decoded.endsWith('.html')) {
    const categoryFile = /^(.*)\/category\/([^/]+)\.html$/s.exec(decoded);
    const category = categoryFile && categoryFromQuery(categoryFile[2]);
    if (categoryFile && category) {
      return withQuery(
        encoded(folderAddress(categoryFile[1]!)),
        `category=${category.slug}`,
        query,
      );
    }
    if (decoded.endsWith('/index.html')) {
      return withQuery(encoded(folderAddress(decoded.slice(0, -'index.html'.length))), query);
    }
    return 'no page';
  }
  return undefined;
}
