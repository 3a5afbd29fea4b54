import { normalizeMobile } from '@store/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PageRenderer } from './page-renderer';
import { noIndexWords } from './robots-tag';
import {
  PageNotRendered,
  PageNotServed,
  renderedPages,
  type PageRenderLimit,
} from './rendered-pages';
import { webBuildDir } from '../config/web-build';
import { readBuiltPage, shellFile } from './web-app';

/**
 * The web build's prerendered page for an address under /numbers/ that is no number
 * (`/numbers/not-found`): the same words whatever the address says (decision 0047).
 */
const notANumberFile = 'numbers/not-found/index.html';

/**
 * /numbers/{digits}: a number's own page, rendered on request with the web app's server build
 * (docs/decisions/0013). A number on sale answers 200 and may be indexed; a sold, hidden or
 * coming one 200 with noindex; a mobile number the store never had 404 with noindex, the header
 * in the words of the page's robots tag (decision 0092). Any other address
 * under /numbers/ is no number: the prerendered not-found page answers 404, nothing rendered
 * (decision 0047). Rendered pages are kept and forgotten as renderedPages says, so a sale shows
 * on the next request.
 */
export async function numberPages(
  app: FastifyInstance,
  opts: { render: PageRenderer; mayRender: PageRenderLimit },
) {
  const { catalog } = app.services;
  const pages = renderedPages(app, opts);
  const builtPages = new Map<string, ReturnType<typeof readBuiltPage>>();
  const builtPage = (file: string) => {
    if (!builtPages.has(file)) {
      builtPages.set(file, readBuiltPage(webBuildDir(app.config.WEB_BUILD_DIR), file));
    }
    return builtPages.get(file);
  };

  /**
   * A page of the web build, its header saying what its robots tag says when that is noindex
   * (decision 0092), or (none in this build) `otherwise` as plain text.
   */
  const sendBuilt = (reply: FastifyReply, file: string, otherwise: string) => {
    const page = builtPage(file);
    const robots = page && noIndexWords(page.html);
    if (robots) reply.header('x-robots-tag', robots);
    if (page) reply.allowScripts(page.scripts);
    return reply
      .header('cache-control', 'no-cache')
      .type(`text/${page ? 'html' : 'plain'}; charset=utf-8`)
      .send(page?.html ?? otherwise);
  };

  const renderPage = async (digits: string, render: PageRenderer) => {
    const number = (await catalog.findByDigits(digits)) ?? null;
    return render(`/numbers/${digits}`, { number: { digits, number } });
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
    if (written !== digits) {
      // No number: its words are never echoed (a link preview would show them as the store's).
      reply.status(404).header('x-robots-tag', 'noindex');
      return sendBuilt(reply, notANumberFile, 'Not found');
    }
    try {
      return pages.send(
        await pages.get(digits, request, (render) => renderPage(digits, render)),
        request,
        reply,
      );
    } catch (error) {
      if (error instanceof PageNotServed) {
        request.log.warn({ ip: request.ip }, "number page over its client's render limit");
      } else if (error instanceof PageNotRendered) {
        request.log.error({ err: error }, 'number page not rendered: the app shell answers');
      } else {
        throw error;
      }
      // The app shell renders the number's page in the browser; crawlers are asked to come
      // back rather than told the page is gone.
      reply.status(503).header('retry-after', '300');
      return sendBuilt(
        reply,
        shellFile,
        'This page cannot be shown now: try again in a few minutes.',
      );
    }
  });
}
