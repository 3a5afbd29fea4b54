import { describe, expect, it } from 'vitest';
import { holdEarlyInteractions, hydrateAfterFirstPaint } from './entry.server';

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
    expect(script.startsWith(holdEarlyInteractions)).toBe(true);
    const wait = script.indexOf('requestAnimationFrame');
    const preload = script.indexOf(
      'for (const href of ["/assets/manifest-1.js", "/assets/framework-5.js"]) {\n  document.head.append(',
    );
    // One preload a task: starting a request is slow on a slow phone.
    expect(script).toContain(
      "modulepreload', href }));\n  await new Promise((resolve) => setTimeout(resolve));\n}",
    );
    // The framework chunk is evaluated in a task of its own, before the page's modules.
    const imports = script.indexOf(
      'const [, route0, route1] = await import("/assets/framework-5.js").then(() => new Promise((resolve) => setTimeout(resolve))).then(() => Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/why-us-page-3.js")])).catch(',
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

  it('imports the modules at once where no framework chunk is preloaded', () => {
    const html = `<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/></head><body>${loader}</body></html>`;
    expect(hydrateAfterFirstPaint(html)).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-2.js"), import("/assets/why-us-page-3.js")]).catch(',
    );
  });

  it('leaves a page without the loader as it is, preloads included', () => {
    const html =
      '<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><script type="module" async="">console.log(1)</script></body></html>';
    expect(hydrateAfterFirstPaint(html)).toBe(html);
  });
});

describe('holdEarlyInteractions', () => {
  it('holds clicks on buttons and check boxes and form submissions until released, and no link', () => {
    document.body.innerHTML = `<form><input name="q"></form><button type="button"><svg></svg></button>
      <input type="checkbox"><a href="#next">Next</a>`;
    const [form, button, checkbox, link] = ['form', 'button', 'input[type=checkbox]', 'a'].map(
      (selector) => document.querySelector(selector)!,
    ) as [HTMLFormElement, HTMLButtonElement, HTMLInputElement, HTMLAnchorElement];
    const reached: string[] = [];
    document.addEventListener('click', (event) => reached.push((event.target as Element).tagName));
    new Function(holdEarlyInteractions)();

    button.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    checkbox.click();
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    link.click();
    expect(checkbox.checked).toBe(false);
    expect(reached).toEqual(['A']);

    expect(window.__releaseHeldInteractions!().actions).toEqual([button, checkbox, form]);
    button.click();
    expect(reached).toEqual(['A', 'BUTTON']);
    expect(window.__releaseHeldInteractions!().actions).toEqual([]);
  });

  it('notes the last value of each field typed in or chosen, but not of check boxes', () => {
    document.body.innerHTML = `<input name="q"><select><option>a</option><option>b</option></select>
      <textarea></textarea><input type="checkbox">`;
    const [input, select, textarea, checkbox] = [
      'input',
      'select',
      'textarea',
      '[type=checkbox]',
    ].map((selector) => document.querySelector(selector)!) as [
      HTMLInputElement,
      HTMLSelectElement,
      HTMLTextAreaElement,
      HTMLInputElement,
    ];
    new Function(holdEarlyInteractions)();
    const type = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };

    type(input, '7');
    type(textarea, 'Hello');
    type(input, '786');
    select.value = 'b';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    checkbox.dispatchEvent(new Event('change', { bubbles: true }));

    expect(window.__takeHeldFields!()).toEqual([
      [input, '786'],
      [textarea, 'Hello'],
      [select, 'b'],
    ]);
    // Noted on after the take, until the release: the fields typed in since hydration.
    type(textarea, 'Hello there');
    expect(window.__releaseHeldInteractions!().fields).toEqual([[textarea, 'Hello there']]);
    type(input, '9');
    expect(window.__releaseHeldInteractions!().fields).toEqual([]);
  });
});
