import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

/** Script types a browser runs (an absent or empty type is JavaScript). */
const runnable = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The text of every inline script the browser would run, in document order. */
function inlineScripts(node: Node, found: string[] = []): string[] {
  if ('tagName' in node && node.tagName === 'script') {
    const attribute = (name: string) => node.attrs.find((a) => a.name === name)?.value;
    const type = (attribute('type') ?? '').trim().toLowerCase();
    if (attribute('src') === undefined && runnable.has(type)) {
      found.push(node.childNodes.map((child) => ('value' in child ? child.value : '')).join(''));
    }
  }
  if ('childNodes' in node) for (const child of node.childNodes) inlineScripts(child, found);
  if ('content' in node) inlineScripts(node.content, found);
  return found;
}

/**
 * The SHA-256 hashes of a page's inline scripts in Content-Security-Policy form, 'sha256-...':
 * what a page admits (reply.allowScripts) so that no page needs 'unsafe-inline' for scripts.
 * JSON-LD and other data blocks are not run, so not listed. The web build writes them for its
 * prerendered pages (apps/web/scripts/write-csp-hashes.ts); number pages hash theirs as they
 * are rendered.
 */
export function inlineScriptHashes(html: string): string[] {
  const sources = inlineScripts(parse(html)).map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
  return [...new Set(sources)];
}
