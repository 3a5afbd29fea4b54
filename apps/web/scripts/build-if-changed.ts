// `npm start` runs this instead of `npm run build`: it builds the web app only when what the
// build reads has changed since the last build made here (or there is none), so a second start
// goes straight to the server. `npm run build` runs it with --always: it builds whatever the
// stamp says, and leaves the stamp, so the next start does not build again. Either way the build
// is made in a folder of its own and swapped in when it is complete (swap-build.ts).
// node --import tsx scripts/build-if-changed.ts [--always]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { carryHashedFiles, swapInBuild } from './swap-build';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** What the web build reads: its sources and settings, the domain package, the lock file. */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/package.json',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/api/src/http/inline-script-hashes.ts',
  'apps/api/src/http/category-pages.ts',
  'packages/domain/src',
  'package-lock.json',
  'scripts/compress-build.mjs',
];
const skipped = /(^|\/)(node_modules|build|\.react-router)(\/|$)|\.test\.tsx?$/;

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else {
    yield path;
  }
}

/**
 * A hash of every input file (path and content), of the web app's .env files and of the
 * PUBLIC_* settings and WEB_BUILD_OUT in `env`: the build bakes those into its pages.
 */
export function buildInputsHash(root: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256');
  const paths = [...inputs, 'apps/web/.env', 'apps/web/.env.production'];
  for (const input of paths) {
    for (const file of files(join(root, input))) {
      const name = relative(root, file);
      if (skipped.test(name)) continue;
      hash.update(`${name}\0`).update(readFileSync(file)).update('\0');
    }
  }
  const settings = Object.keys(env)
    .filter((key) => key.startsWith('PUBLIC_') || key === 'WEB_BUILD_OUT')
    .sort()
    .map((key) => `${key}=${env[key]}`);
  return hash.update(settings.join('\n')).digest('hex');
}

/** The build folder: WEB_BUILD_OUT inside apps/web. */
const buildFolder = (root: string, env: NodeJS.ProcessEnv) =>
  resolve(root, 'apps/web', env.WEB_BUILD_OUT || 'build');

/** The stamp in the build folder (not among the served files): the inputs' hash of the build. */
export const stampFile = (root: string, env: NodeJS.ProcessEnv) =>
  join(buildFolder(root, env), '.build-inputs');

/** Whether the build in place was made from exactly these inputs. */
export function buildIsCurrent(root: string, env: NodeJS.ProcessEnv): boolean {
  const stamp = stampFile(root, env);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === buildInputsHash(root, env);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--always') && buildIsCurrent(repo, process.env)) {
    console.log('The web build is up to date with its sources: not building it again.');
  } else {
    const target = buildFolder(repo, process.env);
    const next = `${target}-next`;
    rmSync(next, { recursive: true, force: true });
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: repo,
      stdio: 'inherit',
      env: { ...process.env, WEB_BUILD_OUT: relative(resolve(repo, 'apps/web'), next) },
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
    const carried = carryHashedFiles(target, next);
    if (carried.length) console.log(`Kept ${carried.length} hashed files of the previous build.`);
    writeFileSync(join(next, '.build-inputs'), `${buildInputsHash(repo, process.env)}\n`);
    swapInBuild(target, next);
  }
}
