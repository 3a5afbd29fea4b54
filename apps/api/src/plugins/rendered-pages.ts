import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { catalogCacheTtlMs, TtlCache } from '../catalog/listing-cache';
import { inlineScriptHashes } from '../http/inline-script-hashes';
import type { PageRenderer } from './page-renderer';
import { noIndexWords } from './robots-tag';

/** A page rendered on request, ready to be sent many times. */
export interface RenderedPage {
  status: number;
  /** Its X-Robots-Tag: its robots tag's words when they say noindex (decision 0092). */
  robots: string | undefined;
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** Its inline scripts, admitted by hash: the page is kept and sent many times, so no nonce. */
  scripts: string[];
}

/** The web build's renderer failed (a build that does not fit this API, a page's bug). */
export class PageNotRendered extends Error {}

/**
 * A page not rendered on purpose (decision 0047): a listing's page past its last one, or a
 * client over its PAGE_RENDERS_PER_MINUTE.
 */
export class PageNotServed extends Error {
  constructor(readonly reason: 'past the end' | 'render limit') {
    super(reason);
  }
}

/** Whether the client of a request may have one more page rendered now (counted when it may). */
export type PageRenderLimit = (request: FastifyRequest) => Promise<boolean>;

type PageLoad = (render: PageRenderer) => Promise<{ status: number; html: string }>;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The pages the API renders on request with the web app's server build (a number's page, a
 * listing with its numbers: decisions 0013, 0044), kept with their brotli and gzip forms as long
 * as listing orders (CATALOG_CACHE_SECONDS), 2,000 at most, and all forgotten on every change of
 * the catalogue (a load, a price, a hold, a release, a sale), so a sale shows on the next
 * request. Each kind of page keeps its own. A client renders at most PAGE_RENDERS_PER_MINUTE
 * pages (`mayRender`; a page kept costs nothing and is not counted).
 */
export function renderedPages(
  app: FastifyInstance,
  opts: { render: PageRenderer; mayRender: PageRenderLimit },
) {
  const ttlMs = catalogCacheTtlMs(app.config);
  const pages = new TtlCache<RenderedPage>(2_000);
  app.services.catalog.onChange(() => pages.clear());

  /**
   * The page kept under `key`, or the one `load` renders with the renderer it is handed (which
   * counts the render against the request's client), compressed. PageNotServed when `load` or
   * the client's limit says no (nothing is kept), PageNotRendered when rendering failed.
   */
  const get = (key: string, request: FastifyRequest, load: PageLoad) =>
    pages.get(key, ttlMs, async () => {
      const render: PageRenderer = async (path, data) => {
        if (!(await opts.mayRender(request))) throw new PageNotServed('render limit');
        return opts.render(path, data);
      };
      const { status, html } = await load(render).catch((error: unknown) => {
        if (error instanceof PageNotServed) throw error;
        throw new PageNotRendered(`${key} was not rendered`, { cause: error });
      });
      const [br, gz] = await Promise.all([
        brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzipped(html),
      ]);
      return {
        status,
        robots: noIndexWords(html),
        html,
        br,
        gzip: gz,
        scripts: inlineScriptHashes(html),
      };
    });

  /** Sends a page, compressed as the client accepts, revalidated on every load. */
  const send = (page: RenderedPage, request: FastifyRequest, reply: FastifyReply) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (page.robots) reply.header('x-robots-tag', page.robots);
    reply.allowScripts(page.scripts);
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  return { get, send };
}
