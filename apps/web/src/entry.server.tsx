import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToReadableStream } from 'react-dom/server';

/**
 * The load context's key of a number's page. The API renders /numbers/{digits} on request with
 * this server build (kept as build/page-server) and hands the number in through it.
 */
export { numberPageContext } from './features/numbers';

/**
 * Server entry. With `ssr: false` it runs at build time, to prerender the public pages and the
 * SPA fallback shell, and in the API for a number's page; it always waits for the whole document
 * before responding.
 */
export const streamTimeout = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let status = responseStatusCode;
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1000);

  const stream = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      signal: controller.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );
  await stream.allReady;
  clearTimeout(timeout);
  const html = await new Response(stream).text();
  const body = routerContext.isSpaMode ? html : lowPriorityModulePreloads(html);

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status });
}

/**
 * A prerendered page shows its content without JavaScript: the modules only make it interactive.
 * At low priority the browser fetches the stylesheet first and the modules after it, so the page
 * paints before the scripts arrive instead of after. (The SPA fallback shell keeps them at high
 * priority: it shows nothing until they run.)
 */
function lowPriorityModulePreloads(html: string): string {
  return html.replaceAll(
    '<link rel="modulepreload" ',
    '<link rel="modulepreload" fetchpriority="low" ',
  );
}
