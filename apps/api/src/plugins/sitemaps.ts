import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { notFound } from '../http/app-error';

/** The prerendered pages' sitemap, a file of the web build (apps/web/scripts/write-sitemap.ts). */
const PAGES_SITEMAP = '/sitemap-pages.xml';

const gzipped = promisify(gzip);

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The sitemaps (docs/decisions/0013): /sitemap.xml is an index of the prerendered pages'
 * sitemap and of the number sitemaps, /sitemaps/numbers-{n}.xml, made from the stock on request:
 * every number on sale, at most 50,000 a file (SITEMAP_SIZE ids each). Sold and hidden numbers
 * (whose pages say noindex) are left out. Sent gzip-compressed when the client takes it.
 */
export async function sitemaps(app: FastifyInstance) {
  const { catalog } = app.services;
  const base = app.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const url = (path: string) => escapeXml(`${base}${path}`);

  const sendXml = async (xml: string, request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'accept-encoding')
      .type('application/xml; charset=utf-8');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(xml);
    return reply.header('content-encoding', 'gzip').send(await gzipped(xml));
  };

  app.get('/sitemap.xml', async (request, reply) => {
    const ranges = await catalog.sitemapRanges();
    const entries = [
      `  <sitemap>\n    <loc>${url(PAGES_SITEMAP)}</loc>\n  </sitemap>`,
      ...ranges.map(
        ({ sitemap, lastmod }) =>
          `  <sitemap>\n    <loc>${url(`/sitemaps/numbers-${sitemap}.xml`)}</loc>\n    <lastmod>${day(lastmod)}</lastmod>\n  </sitemap>`,
      ),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries,
      '</sitemapindex>',
      '',
    ].join('\n');
    return sendXml(xml, request, reply);
  });

  app.get('/sitemaps/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const sitemap = Number(/^numbers-([1-9]\d{0,5})\.xml$/.exec(file)?.[1]);
    const known = (await catalog.sitemapRanges()).some((range) => range.sitemap === sitemap);
    if (!known) throw notFound(`There is no sitemap ${file}.`);
    const rows = await catalog.sitemapNumbers(sitemap);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...rows.map(
        (row) =>
          `<url><loc>${url(`/numbers/${row.number}`)}</loc><lastmod>${day(row.updatedAt)}</lastmod></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return sendXml(xml, request, reply);
  });
}
