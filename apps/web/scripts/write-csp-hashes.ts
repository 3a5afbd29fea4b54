// Writes csp-hashes.json into the client build (run by `npm run build` after the pages are
// prerendered): node --import tsx scripts/write-csp-hashes.ts <build/client>
// For every HTML file, the hashes of its inline scripts (React Router's hydration data and
// module loader, the scroll restoration) in Content-Security-Policy form. The API admits
// exactly these on that page (apps/api/src/plugins/web-app.ts) and hashes them the same way.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineScriptHashes } from '../../api/src/http/inline-script-hashes';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(webRoot, 'build/client'));

function* htmlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* htmlFiles(path);
    else if (name.endsWith('.html')) yield path;
  }
}

const hashes: Record<string, string[]> = {};
for (const file of htmlFiles(outDir)) {
  hashes[relative(outDir, file).split(sep).join('/')] = inlineScriptHashes(
    readFileSync(file, 'utf8'),
  );
}
writeFileSync(join(outDir, 'csp-hashes.json'), JSON.stringify(hashes));
console.log(`csp-hashes.json: the inline scripts of ${Object.keys(hashes).length} pages`);
