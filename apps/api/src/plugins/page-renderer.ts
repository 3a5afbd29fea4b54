import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createRequestHandler,
  RouterContextProvider,
  type AppLoadContext,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { z } from 'zod';
import type { NumberDetail, numberPageSchema } from '../catalog/catalog-schemas';
import { defaultBuildDir } from '../config/web-build';

/** What a number's page is rendered from: the number, or null when the store never had it. */
export interface NumberPageData {
  digits: string;
  number: NumberDetail | null;
}

/**
 * What a listing page (/premium-numbers, /offer-zone, a state's or a city's page) is rendered
 * with: its query (`category=mirror-numbers&page=2`) and the first page of numbers it lists, as
 * GET /numbers answers it for that query.
 */
export interface ListingPageData {
  search: string;
  page: z.output<typeof numberPageSchema>;
}

/** What the route being rendered is handed in its load context (one of the two). */
export interface PageData {
  number?: NumberPageData;
  listing?: ListingPageData;
}

/** Renders a page (its path and its data) to a whole HTML document. */
export type PageRenderer = (
  path: string,
  page: PageData,
) => Promise<{ status: number; html: string }>;

/** A number page's own address (no trailing slash: that one redirects to this). */
const numberPagePath = /^\/numbers\/[^/]+$/;

/**
 * The web app's server build (kept by the web build as `page-server/`, beside `client/`) as a
 * renderer of the pages the API renders on request (a number's page, a listing with its numbers),
 * or undefined when there is none (an API without a built web app). The build is imported on
 * the first page asked for. The pages are rendered as the build's prerender renders its pages:
 * the server build is told that /numbers/{digits} is prerendered (the listings are), so React
 * Router renders the whole route, loader data and all, and the browser hydrates it exactly as it
 * hydrates a prerendered page. The data reaches the route's loader in the load context, under
 * the keys the build's entry exports.
 */
export function loadPageRenderer(
  webBuildDir: string,
  publicBaseUrl: string,
): PageRenderer | undefined {
  const file = join(webBuildDir, '..', 'page-server', 'index.js');
  if (!existsSync(file)) return undefined;
  let renderer: Promise<PageRenderer> | undefined;
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

async function importRenderer(file: string, publicBaseUrl: string): Promise<PageRenderer> {
  const buildDir = pathToFileURL(dirname(file)).href + '/';
  if (!hooked.has(buildDir)) {
    hooked.add(buildDir);
    const projectBuild = pathToFileURL(join(defaultBuildDir, '..', 'page-server', 'index.js'));
    register(`data:text/javascript,${encodeURIComponent(packagesFromTheProject)}`, {
      data: { buildDir, projectBuild: projectBuild.href },
    });
  }
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const keys = build.entry.module as {
    numberPageContext?: RouterContext<NumberPageData | null>;
    listingPageContext?: RouterContext<ListingPageData | null>;
  };
  const { numberPageContext, listingPageContext } = keys;
  if (!numberPageContext || !listingPageContext) {
    throw new Error(`${file} does not export the page contexts: build the web app again.`);
  }
  const prerendered = build.prerender;
  const prerender = Object.assign([...prerendered], {
    includes: (path: string) => prerendered.includes(path) || numberPagePath.test(path),
  });
  const handle = createRequestHandler({ ...build, prerender }, 'production');
  return async (path, page) => {
    const context = new RouterContextProvider();
    if (page.number) context.set(numberPageContext, page.number);
    if (page.listing) context.set(listingPageContext, page.listing);
    // The build runs with v8_middleware, so its load context is a RouterContextProvider (the
    // API's own react-router types do not carry the web app's future flags).
    const response = await handle(
      new Request(new URL(path, publicBaseUrl)),
      context as unknown as AppLoadContext,
    );
    return { status: response.status, html: await response.text() };
  };
}
