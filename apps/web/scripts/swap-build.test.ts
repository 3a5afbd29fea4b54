import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { carryHashedFiles, swapInBuild } from './swap-build';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A build folder in a scratch folder, with these files (path: content). */
function build(root: string, name: string, files: Record<string, string>) {
  const folder = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

function scratch() {
  const root = mkdtempSync(join(tmpdir(), 'swap-build-'));
  roots.push(root);
  return root;
}

describe('putting a new web build in place', () => {
  it('keeps the hashed files of the build before, one build back', () => {
    const root = scratch();
    const first = build(root, 'build', {
      'client/index.html': 'one',
      'client/assets/app-1.js': 'app one',
      'client/assets/app-1.js.br': 'app one, compressed',
      'client/assets/shared.js': 'shared',
      'page-server/assets/modal-1.js': 'modal one',
    });
    const second = build(root, 'build-next', {
      'client/index.html': 'two',
      'client/assets/app-2.js': 'app two',
      'client/assets/shared.js': 'shared',
      'page-server/assets/modal-2.js': 'modal two',
    });

    expect(carryHashedFiles(first, second).sort()).toEqual([
      'client/assets/app-1.js',
      'client/assets/app-1.js.br',
      'page-server/assets/modal-1.js',
    ]);
    expect(readFileSync(join(second, 'client/assets/app-1.js'), 'utf8')).toBe('app one');
    expect(readFileSync(join(second, 'client/index.html'), 'utf8')).toBe('two');
    swapInBuild(first, second);

    // The build after: the second build's own files are kept, the first build's go.
    const third = build(root, 'build-next', {
      'client/index.html': 'three',
      'client/assets/app-3.js': 'app three',
    });
    expect(carryHashedFiles(first, third).sort()).toEqual([
      'client/assets/app-2.js',
      'client/assets/shared.js',
      'page-server/assets/modal-2.js',
    ]);
  });

  it('replaces the served folder whole, and leaves no other folder behind', () => {
    const root = scratch();
    const served = build(root, 'build', {
      'client/index.html': 'old',
      'client/old-page.html': 'x',
    });
    const next = build(root, 'build-next', { 'client/index.html': 'new' });
    build(root, 'build-previous', { 'client/index.html': 'left by a build that stopped' });

    swapInBuild(served, next);

    expect(readFileSync(join(served, 'client/index.html'), 'utf8')).toBe('new');
    expect(existsSync(join(served, 'client/old-page.html'))).toBe(false);
    expect(existsSync(next)).toBe(false);
    expect(existsSync(join(root, 'build-previous'))).toBe(false);
  });

  it('puts the first build in place when there was none', () => {
    const root = scratch();
    const next = build(root, 'build-next', { 'client/index.html': 'first' });
    const target = join(root, 'build');
    expect(carryHashedFiles(target, next)).toEqual([]);
    swapInBuild(target, next);
    expect(readFileSync(join(target, 'client/index.html'), 'utf8')).toBe('first');
  });
});
