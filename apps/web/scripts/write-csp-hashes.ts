// Writes csp-hashes.json into the client build (run by `npm run build` after the pages are
// prerendered): node --import tsx scripts/write-csp-hashes.ts <build/client>
// For every HTML file, the SHA-256 hashes of its inline scripts (React Router's hydration data
// and module loader, the scroll restoration) in Content-Security-Policy form, 'sha256-...'. The
// API admits exactly these on that page (apps/api/src/plugins/web-app.ts), so no page needs
// 'unsafe-inline' for scripts. JSON-LD and other data blocks are not run, so not listed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(webRoot, 'build/client'));

/** Script types a browser runs (an absent or empty type is JavaScript). */
const runnable = new Set(['', 'module', 'text/javascript', 'application/javascript']);

function* htmlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* htmlFiles(path);
    else if (name.endsWith('.html')) yield path;
  }
}

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

const hashes: Record<string, string[]> = {};
for (const file of htmlFiles(outDir)) {
  const scripts = inlineScripts(parse(readFileSync(file, 'utf8')));
  const sources = scripts.map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
  hashes[relative(outDir, file).split(sep).join('/')] = [...new Set(sources)];
}
writeFileSync(join(outDir, 'csp-hashes.json'), JSON.stringify(hashes));
console.log(`csp-hashes.json: the inline scripts of ${Object.keys(hashes).length} pages`);
