import { describe, expect, it } from 'vitest';
import { hydrateAfterFirstPaint } from './entry.server';

// React Router's inline loader as the prerendered pages carry it.
const loader = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/why-us-page-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"features/content/why-us-page":route1};

import("/assets/entry.client-4.js");</script>`;

describe('hydrateAfterFirstPaint', () => {
  it('waits for the first frame, then preloads and imports the same modules and starts the app', () => {
    const preloads =
      '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/framework-5.js"/>';
    const html = `<html><head>${preloads}</head><body><main>Why us</main>${loader}</body></html>`;
    const out = hydrateAfterFirstPaint(html);
    expect(out).not.toContain('<link rel="modulepreload"');
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    expect(script).not.toMatch(/^import /m);
    const wait = script.indexOf('requestAnimationFrame');
    const preload = script.indexOf(
      'for (const href of ["/assets/manifest-1.js", "/assets/framework-5.js"]) document.head.append(',
    );
    const imports = script.indexOf(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/why-us-page-3.js")]);',
    );
    const modules = script.indexOf('window.__reactRouterRouteModules = {"root":route0');
    const entry = script.indexOf('import("/assets/entry.client-4.js");');
    expect(wait).toBeGreaterThanOrEqual(0);
    expect(preload).toBeGreaterThan(wait);
    expect(imports).toBeGreaterThan(preload);
    expect(modules).toBeGreaterThan(imports);
    expect(entry).toBeGreaterThan(modules);
    expect(
      out.startsWith('<html><head></head><body><main>Why us</main><script type="module" async="">'),
    ).toBe(true);
  });

  it('leaves a page without the loader as it is, preloads included', () => {
    const html =
      '<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><script type="module" async="">console.log(1)</script></body></html>';
    expect(hydrateAfterFirstPaint(html)).toBe(html);
  });
});
