/**
 * The API's production build (`npm run build`): the server and the commands, each bundled into
 * one ES module in dist/ that plain `node` runs (no tsx at run time). The workspace's own
 * packages (@store/domain, kept as TypeScript) are bundled in; every npm package stays an import
 * of node_modules, as it is when run from source. Files read at run time (migrations, the common
 * passwords list, the web build) are found from the API's folder (src/config/api-folder.ts).
 *
 *   node --import tsx scripts/build.ts
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/** Every bare import but the workspace's own packages stays external. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(`${apiDir}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: [
    'src/server.ts',
    'src/cluster.ts',
    'src/cli/seed.ts',
    'src/cli/create-staff.ts',
    'src/cli/backup.ts',
    'src/cli/restore.ts',
    'src/cli/import-pglite.ts',
  ],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
