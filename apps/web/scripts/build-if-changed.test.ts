import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInputsHash, buildIsCurrent, stampFile } from './build-if-changed';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository with a few of the build's inputs. */
function repository() {
  const root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  roots.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('apps/web/src/root.tsx', 'export default 1;');
  write('packages/domain/src/money.ts', 'export const paise = 100;');
  write('package-lock.json', '{}');
  return { root, write };
}

describe('building the web app only when its inputs changed', () => {
  it('changes the hash with a source, the domain, the lock file or a PUBLIC_ setting', () => {
    const { root, write } = repository();
    const env = { PUBLIC_GA_ID: 'G-1', HOME: '/root' };
    const first = buildInputsHash(root, env);
    expect(buildInputsHash(root, env)).toBe(first);

    // Not inputs: other settings, tests, what the build writes.
    expect(buildInputsHash(root, { ...env, HOME: '/home/x' })).toBe(first);
    write('apps/web/src/root.test.tsx', 'test');
    write('apps/web/build/client/index.html', '<html>');
    write('apps/web/node_modules/x/index.js', '1');
    expect(buildInputsHash(root, env)).toBe(first);

    expect(buildInputsHash(root, { ...env, PUBLIC_GA_ID: 'G-2' })).not.toBe(first);
    expect(buildInputsHash(root, { ...env, WEB_BUILD_OUT: 'build-e2e' })).not.toBe(first);
    for (const [path, text] of [
      ['apps/web/src/root.tsx', 'export default 2;'],
      ['packages/domain/src/money.ts', 'export const paise = 1;'],
      ['package-lock.json', '{"v":2}'],
      ['apps/web/.env', 'PUBLIC_X=1'],
    ] as const) {
      const before = buildInputsHash(root, env);
      write(path, text);
      expect(buildInputsHash(root, env), path).not.toBe(before);
    }
  });

  it('counts a build current only when its stamp matches the inputs of now', () => {
    const { root, write } = repository();
    const env = {};
    expect(buildIsCurrent(root, env)).toBe(false);
    mkdirSync(dirname(stampFile(root, env)), { recursive: true });
    writeFileSync(stampFile(root, env), `${buildInputsHash(root, env)}\n`);
    expect(buildIsCurrent(root, env)).toBe(true);
    write('apps/web/src/root.tsx', 'export default 3;');
    expect(buildIsCurrent(root, env)).toBe(false);
  });
});
