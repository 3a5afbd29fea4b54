// Writes .br and .gz beside every text file of the web build, so the server sends them
// pre-compressed (@fastify/static's preCompressed) without compressing on each request. zlib's
// asynchronous calls run in libuv's thread pool, so the files are compressed on every core.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = process.argv[2] ?? `${process.env.WEB_BUILD_OUT ?? 'apps/web/build'}/client`;
const compressible = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compress(path) {
  if ((await stat(path)).size <= 512) return;
  const body = await readFile(path);
  await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((out) =>
      writeFile(`${path}.br`, out),
    ),
    gzipped(body, { level: 9 }).then((out) => writeFile(`${path}.gz`, out)),
  ]);
}

const entries = await readdir(root, { recursive: true, withFileTypes: true });
await Promise.all(
  entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => compress(join(entry.parentPath, entry.name))),
);
