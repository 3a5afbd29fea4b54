import { normalizeMobile } from '@store/domain';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from './page-renderer';
import { PageNotRendered, renderedPages } from './rendered-pages';
import { webBuildDir } from '../config/web-build';
import { readAppShell } from './web-app';

/**
 * /numbers/{digits}: a number's own page, rendered on request with the web app's server build
 * (docs/decisions/0013). A number on sale answers 200 and may be indexed; a sold or hidden one
 * 200 with noindex; one the store never had 404 with noindex. Rendered pages are kept and
 * forgotten as renderedPages says, so a sale shows on the next request.
 */
export async function numberPages(app: FastifyInstance, opts: { render: PageRenderer }) {
  const { catalog } = app.services;
  const pages = renderedPages(app);
  let shellRead: ReturnType<typeof readAppShell>;
  const appShell = () => (shellRead ??= readAppShell(webBuildDir(app.config.WEB_BUILD_DIR)));

  const renderPage = async (digits: string) => {
    const number = /^[6-9]\d{9}$/.test(digits)
      ? ((await catalog.findByDigits(digits)) ?? null)
      : null;
    // The router decoded the address: `/numbers/%25` is the digits "%", which the renderer
    // (React Router, decoding again) must be given as %25, and "#" or "?" must stay in the path.
    const path = `/numbers/${encodeURIComponent(digits)}`;
    const { status, html } = await opts.render(path, { number: { digits, number } });
    const indexable =
      status === 200 &&
      (number?.status === 'available' ||
        number?.status === 'reserved' ||
        number?.status === 'coming_soon');
    return { status, html, indexable };
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
      return pages.send(await pages.get(digits, () => renderPage(digits)), request, reply);
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
