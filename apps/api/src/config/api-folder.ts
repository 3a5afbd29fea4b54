import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api): the nearest folder above this module holding a
 * package.json. Found rather than fixed because this code runs from its source file (tsx, the
 * tests) and from the compiled bundle in dist/ (npm run build), which sit at different depths.
 */
function findApiFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${import.meta.url}`);
    folder = parent;
  }
  return folder;
}

export const apiFolder = findApiFolder();
