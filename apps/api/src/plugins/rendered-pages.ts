import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { catalogCacheTtlMs, TtlCache } from '../catalog/listing-cache';
import { inlineScriptHashes } from '../http/inline-script-hashes';

/** A page rendered on request, ready to be sent many times. */
export interface RenderedPage {
  status: number;
  /** Whether search engines may index it (`X-Robots-Tag: noindex` otherwise). */
  indexable: boolean;
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** Its inline scripts, admitted by hash: the page is kept and sent many times, so no nonce. */
  scripts: string[];
}

/** The web build's renderer failed (a build that does not fit this API, a page's bug). */
export class PageNotRendered extends Error {}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The pages the API renders on request with the web app's server build (a number's page, a
 * listing with its numbers: decisions 0013, 0044), kept with their brotli and gzip forms as long
 * as listing orders (CATALOG_CACHE_SECONDS), 2,000 at most, and all forgotten on every change of
 * the catalogue (a load, a price, a hold, a release, a sale), so a sale shows on the next
 * request. Each kind of page keeps its own.
 */
export function renderedPages(app: FastifyInstance) {
  const ttlMs = catalogCacheTtlMs(app.config);
  const pages = new TtlCache<RenderedPage>(2_000);
  app.services.catalog.onChange(() => pages.clear());

  /** The page kept under `key`, or `render`'s, compressed; PageNotRendered when it failed. */
  const get = (
    key: string,
    render: () => Promise<{ status: number; html: string; indexable: boolean }>,
  ) =>
    pages.get(key, ttlMs, async () => {
      const { status, html, indexable } = await render().catch((error: unknown) => {
        throw new PageNotRendered(`${key} was not rendered`, { cause: error });
      });
      const [br, gz] = await Promise.all([
        brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
        gzipped(html),
      ]);
      return { status, indexable, html, br, gzip: gz, scripts: inlineScriptHashes(html) };
    });

  /** Sends a page, compressed as the client accepts, revalidated on every load. */
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

  return { get, send };
}
