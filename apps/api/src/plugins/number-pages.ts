import { normalizeMobile } from '@store/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  createRequestHandler,
  RouterContextProvider,
  type AppLoadContext,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { NumberDetail } from '../catalog/catalog-schemas';
import { catalogCacheTtlMs, TtlCache } from '../catalog/listing-cache';
import { inlineScriptHashes } from '../http/inline-script-hashes';
import { defaultBuildDir, readAppShell, webBuildDir } from './web-app';

/** What a number's page is rendered from: the number, or null when the store never had it. */
export interface NumberPageData {
  digits: string;
  number: NumberDetail | null;
}

/** Renders a number's page (its path and its data) to a whole HTML document. */
export type NumberPageRenderer = (
  path: string,
  page: NumberPageData,
) => Promise<{ status: number; html: string }>;

/** A number page's own address (no trailing slash: that one redirects to this). */
const numberPagePath = /^\/numbers\/[^/]+$/;

/**
 * The web app's server build (kept by the web build as `page-server/`, beside `client/`) as a
 * renderer of number pages, or undefined when there is none (an API without a built web app).
 * The build is imported on the first page asked for. The pages are rendered as the build's
 * prerender renders its pages: the server build is told that /numbers/{digits} is prerendered,
 * so React Router renders the whole route, loader data and all, and the browser hydrates it
 * exactly as it hydrates a prerendered page. The number reaches the route's loader in the load
 * context, under the key the build's entry exports.
 */
export function loadNumberPageRenderer(
  webBuildDir: string,
  publicBaseUrl: string,
): NumberPageRenderer | undefined {
  const file = join(webBuildDir, '..', 'page-server', 'index.js');
  if (!existsSync(file)) return undefined;
  let renderer: Promise<NumberPageRenderer> | undefined;
  return (path, page) => {
    renderer ??= importRenderer(file, publicBaseUrl);
    return renderer.then((render) => render(path, page));
  };
}

/**
 * A module resolution hook: a package the server build imports by name (react, react-router,
 * the web app's own libraries) and that is not found from where the build lies is looked for
 * from where the build lies in the project (apps/web/build), above which the web app's packages
 * are installed. A build inside the project finds them itself; a copy elsewhere (WEB_BUILD_DIR)
 * did not, and every number page failed with 500 while the store said it was ready.
 */
const packagesFromTheProject = `
let buildDir, projectBuild;
export function initialize(data) { ({ buildDir, projectBuild } = data); }
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const bare = !/^(?:[./]|[a-z]+:)/.test(specifier);
    if (!bare || error?.code !== 'ERR_MODULE_NOT_FOUND' || !context.parentURL?.startsWith(buildDir)) {
      throw error;
    }
    return nextResolve(specifier, { ...context, parentURL: projectBuild });
  }
}`;

/** The builds whose packages are already looked for from the project (one hook each, per process). */
const hooked = new Set<string>();

async function importRenderer(file: string, publicBaseUrl: string): Promise<NumberPageRenderer> {
  const buildDir = pathToFileURL(dirname(file)).href + '/';
  if (!hooked.has(buildDir)) {
    hooked.add(buildDir);
    const projectBuild = pathToFileURL(join(defaultBuildDir, '..', 'page-server', 'index.js'));
    register(`data:text/javascript,${encodeURIComponent(packagesFromTheProject)}`, {
      data: { buildDir, projectBuild: projectBuild.href },
    });
  }
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const key = (build.entry.module as { numberPageContext?: RouterContext<NumberPageData | null> })
    .numberPageContext;
  if (!key) throw new Error(`${file} does not export numberPageContext: build the web app again.`);
  const prerendered = build.prerender;
  const prerender = Object.assign([...prerendered], {
    includes: (path: string) => prerendered.includes(path) || numberPagePath.test(path),
  });
  const handle = createRequestHandler({ ...build, prerender }, 'production');
  return async (path, page) => {
    const context = new RouterContextProvider();
    context.set(key, page);
    // The build runs with v8_middleware, so its load context is a RouterContextProvider (the
    // API's own react-router types do not carry the web app's future flags).
    const response = await handle(
      new Request(new URL(path, publicBaseUrl)),
      context as unknown as AppLoadContext,
    );
    return { status: response.status, html: await response.text() };
  };
}

interface RenderedPage {
  status: number;
  /** Whether search engines may index it (a number on sale). */
  indexable: boolean;
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** Its inline scripts, admitted by hash: the page is kept and sent many times, so no nonce. */
  scripts: string[];
}

/** The web build's renderer failed (a build that does not fit this API, a page's bug). */
class PageNotRendered extends Error {}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * /numbers/{digits}: a number's own page, rendered on request with the web app's server build
 * (docs/decisions/0013). A number on sale answers 200 and may be indexed; a sold or hidden one
 * 200 with noindex; one the store never had 404 with noindex. Rendered pages are kept as long as
 * listing orders (CATALOG_CACHE_SECONDS), compressed, and forgotten on every change of the
 * catalogue, so a sale shows on the next request.
 */
export async function numberPages(app: FastifyInstance, opts: { render: NumberPageRenderer }) {
  const { catalog } = app.services;
  const ttlMs = catalogCacheTtlMs(app.config);
  const pages = new TtlCache<RenderedPage>(2_000);
  let shellRead: ReturnType<typeof readAppShell>;
  const appShell = () => (shellRead ??= readAppShell(webBuildDir(app.config.WEB_BUILD_DIR)));
  catalog.onChange(() => pages.clear());

  const renderPage = async (digits: string): Promise<RenderedPage> => {
    const number = /^[6-9]\d{9}$/.test(digits)
      ? ((await catalog.findByDigits(digits)) ?? null)
      : null;
    // The router decoded the address: `/numbers/%25` is the digits "%", which the renderer
    // (React Router, decoding again) must be given as %25, and "#" or "?" must stay in the path.
    const path = `/numbers/${encodeURIComponent(digits)}`;
    const { status, html } = await opts.render(path, { digits, number }).catch((error: unknown) => {
      throw new PageNotRendered(`${path} was not rendered`, { cause: error });
    });
    const indexable =
      status === 200 &&
      (number?.status === 'available' ||
        number?.status === 'reserved' ||
        number?.status === 'coming_soon');
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzipped(html),
    ]);
    return { status, indexable, html, br, gzip: gz, scripts: inlineScriptHashes(html) };
  };

  const send = (page: RenderedPage, request: FastifyRequest, reply: FastifyReply) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (!page.indexable) reply.header('x-robots-tag', 'noindex');
    reply.allowScripts(page.scripts);
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  app.get('/numbers/:digits', async (request, reply) => {
    const { digits } = request.params as { digits: string };
    // A number written as people write it (+91 98765 43210, 098765-43210) has one page (and a
    // trailing slash is redirected by the server's oneAddressPerPage hook).
    const written = normalizeMobile(digits);
    if (written && written !== digits) {
      const query = request.url.split(/\?(.*)/s)[1];
      return reply.redirect(`/numbers/${written}${query ? `?${query}` : ''}`, 301);
    }
    try {
      return send(await pages.get(digits, ttlMs, () => renderPage(digits)), request, reply);
    } catch (error) {
      const shell = error instanceof PageNotRendered ? appShell() : undefined;
      if (!shell) throw error;
      // The app shell renders the number's page in the browser; crawlers are asked to come
      // back rather than told the page is gone.
      request.log.error({ err: error }, 'number page not rendered: the app shell answers');
      reply.allowScripts(shell.scripts);
      return reply
        .status(503)
        .header('retry-after', '300')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(shell.html);
    }
  });
}
