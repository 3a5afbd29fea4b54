import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToReadableStream } from 'react-dom/server';

/**
 * The load context's keys of a number's page and a listing's. The API renders /numbers/{digits},
 * and a listing's canonical addresses with their numbers, on request with this server build
 * (kept as build/page-server) and hands the number, or the listing's numbers, in through them.
 */
export { numberPageContext } from './features/numbers';
export { listingPageContext } from './features/catalog';

/**
 * Server entry. With `ssr: false` it runs at build time, to prerender the public pages and the
 * SPA fallback shell, and in the API for a number's page and a listing's; it always waits for the whole document
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
  const body = routerContext.isSpaMode ? html : hydrateAfterFirstPaint(html);

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status });
}

/**
 * What a visitor does before React has hydrated the page, kept for the app to replay once it has
 * (`window.__takeHeldFields` and `window.__releaseHeldInteractions`, lib/held-interactions.ts):
 * - Clicks on buttons, check boxes and radio buttons, and form submissions, are held (their
 *   default action cancelled): before hydration a menu button does nothing, a filter's check box
 *   would change without React knowing, and a form would load the page again with its fields in
 *   the address. Links are not held: a link works without JavaScript.
 * - What is typed or chosen in a field is noted: React keeps it on screen when it hydrates, but
 *   not in its state, and may draw the field empty again on its next render. The app takes the
 *   values as soon as it has hydrated; what is noted after that, until the release, tells it
 *   which fields were typed in since (React had those keys).
 */
export const holdEarlyInteractions = `const held = [];
const fields = new Map();
const hold = (event) => {
  const target = event.type === 'submit' ? event.target : event.target.closest?.('button, input[type="checkbox"], input[type="radio"]');
  if (!target) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(target);
};
const note = (event) => {
  if (event.target.matches?.('textarea, select, input:not([type="checkbox"], [type="radio"])')) fields.set(event.target, event.target.value);
};
const kinds = [['click', hold], ['submit', hold], ['input', note], ['change', note]];
for (const [kind, listener] of kinds) document.addEventListener(kind, listener, true);
window.__takeHeldFields = () => {
  const taken = [...fields];
  fields.clear();
  return taken;
};
window.__releaseHeldInteractions = () => {
  for (const [kind, listener] of kinds) document.removeEventListener(kind, listener, true);
  const released = { fields: [...fields], actions: [...held] };
  fields.clear();
  held.length = 0;
  return released;
};
`;

/**
 * A prerendered page shows its content without JavaScript: the modules only make it interactive.
 * React Router's output fetches them at once (module preloads in the head) and runs them as soon
 * as they arrive (its inline module script imports them statically), which on a fast connection
 * is before the browser paints the page, and on a slow one takes the bandwidth the stylesheet
 * needs. Here the inline script first holds early clicks (above), waits for the first frame (or
 * 100 ms, in a tab that draws no frames), then adds the same preloads, one task each (starting a
 * request costs about 3 ms on a slow phone, and a dozen in one task blocked it for 40 to 150 ms),
 * and imports the same modules dynamically, the framework chunk in a task before the others:
 * the page is on screen before any script is fetched or run (decisions 0023, 0027). If they fail
 * to load, the holding stops, so check boxes and forms work as plain HTML. The SPA fallback shell
 * shows nothing until its scripts run and is left as it is.
 */
export function hydrateAfterFirstPaint(html: string): string {
  const preloads: string[] = [];
  const withoutPreloads = html.replace(
    /<link rel="modulepreload" href="([^"]+)"\/>/g,
    (_link, href: string) => {
      preloads.push(JSON.stringify(href));
      return '';
    },
  );
  let rewritten = false;
  const result = withoutPreloads.replace(
    /(<script type="module" async="">)([\s\S]*?)(<\/script>)/,
    (whole, open: string, code: string, close: string) => {
      const names: string[] = [];
      const sources: string[] = [];
      const rest = code.replace(
        /^import (?:\* as (\w+) from )?("[^"]+");\n?/gm,
        (_line, name: string | undefined, source: string) => {
          names.push(name ?? '');
          sources.push(`import(${source})`);
          return '';
        },
      );
      if (sources.length === 0) return whole;
      rewritten = true;
      // The framework chunk (vite.config.ts names it) evaluated in a task of its own, not in
      // the one that evaluates the page's modules.
      const framework = preloads.find((href) => href.includes('/framework-'));
      const modules = `Promise.all([${sources.join(', ')}])`;
      const loaded = framework
        ? `import(${framework}).then(() => new Promise((resolve) => setTimeout(resolve))).then(() => ${modules})`
        : modules;
      return [
        open,
        holdEarlyInteractions,
        'await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve)); setTimeout(resolve, 100); });\n',
        `for (const href of [${preloads.join(', ')}]) {\n`,
        "  document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));\n",
        '  await new Promise((resolve) => setTimeout(resolve));\n',
        '}\n',
        `const [${names.join(', ')}] = await ${loaded}.catch((error) => { window.__releaseHeldInteractions(); throw error; });\n`,
        rest.trim(),
        close,
      ].join('');
    },
  );
  return rewritten ? result : html;
}
