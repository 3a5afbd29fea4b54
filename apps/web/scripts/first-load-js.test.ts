import { describe, expect, it } from 'vitest';
import { firstLoadScripts } from './first-load-js';

describe('firstLoadScripts', () => {
  it("finds a page's module preloads, its loader's imports and script sources, each once", () => {
    const html = `<html><head>
      <link rel="modulepreload" fetchpriority="low" href="/assets/framework-1.js"/>
      <link rel="modulepreload" href="/assets/root-2.js"/>
      <link rel="stylesheet" href="/assets/root-3.css"/>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      </head><body>
      <script>window.__reactRouterContext = {};</script>
      <script type="module" async="">import "/assets/manifest-4.js";
      import * as route0 from "/assets/root-2.js";
      window.__reactRouterRouteModules = {"root":route0};
      import("/assets/entry.client-5.js");</script>
      <script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
      <script src="/assets/extra-6.js"></script>
      </body></html>`;
    expect(firstLoadScripts(html)).toEqual([
      '/assets/framework-1.js',
      '/assets/root-2.js',
      '/assets/manifest-4.js',
      '/assets/entry.client-5.js',
      '/assets/extra-6.js',
    ]);
  });

  it('finds the preloads the loader adds after the first paint', () => {
    const html = `<script type="module" async="">await new Promise((resolve) => requestAnimationFrame(resolve));
      for (const href of ["/assets/manifest-4.js", "/assets/framework-1.js"]) document.head.append(href);
      const [, route0] = await Promise.all([import("/assets/manifest-4.js"), import("/assets/root-2.js")]);
      import("/assets/entry.client-5.js");</script>`;
    expect(firstLoadScripts(html)).toEqual([
      '/assets/manifest-4.js',
      '/assets/framework-1.js',
      '/assets/root-2.js',
      '/assets/entry.client-5.js',
    ]);
  });
});
