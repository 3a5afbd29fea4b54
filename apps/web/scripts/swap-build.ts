// A new web build is made beside the one being served and then put in its place with two renames,
// so the store never serves a half-written build (docs/decisions/0038). The previous build's
// hashed files go along: a page opened before the upgrade, and a server process started before
// it (its number pages and app shell are read once), still find the chunks they name.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/** The folders of hashed files: a name there never changes its content. */
const hashedFolders = ['client/assets', 'page-server/assets'];

/** The list, in a build, of the files it carries from the build before it (not served). */
const carriedList = '.carried-assets';

const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

/**
 * Copies into `next` the hashed files of `current` that `next` does not have, except those
 * `current` itself carried: one build back is kept, so the folder does not grow for ever.
 * Returns the files carried (paths inside the build).
 */
export function carryHashedFiles(current: string, next: string): string[] {
  const carriedBefore = new Set(
    existsSync(join(current, carriedList))
      ? readFileSync(join(current, carriedList), 'utf8').split('\n').filter(Boolean)
      : [],
  );
  const carried: string[] = [];
  for (const folder of hashedFolders) {
    const present = new Set(filesIn(join(next, folder)));
    for (const name of filesIn(join(current, folder))) {
      const path = `${folder}/${name}`;
      if (present.has(name) || carriedBefore.has(path)) continue;
      mkdirSync(join(next, folder), { recursive: true });
      copyFileSync(join(current, path), join(next, path));
      carried.push(path);
    }
  }
  writeFileSync(join(next, carriedList), carried.map((path) => `${path}\n`).join(''));
  return carried;
}

/**
 * Puts the finished build `next` where `target` is served from. Between the two renames (well
 * under a millisecond) the folder is missing; everything else sees one build or the other.
 */
export function swapInBuild(target: string, next: string) {
  const previous = `${target}-previous`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, previous);
  renameSync(next, target);
  rmSync(previous, { recursive: true, force: true });
}
