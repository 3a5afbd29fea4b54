import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { schedulerSlices } from './scripts/scheduler-slices';

const rootModule = fileURLToPath(new URL('./src/root.tsx', import.meta.url));

/**
 * The application code every page loads: the modules root.tsx imports statically (header,
 * footer, providers, their helpers), found in the module graph once it is complete, and small
 * modules that many routes import (page layout parts, formatting). Rolldown would otherwise cut
 * them into a dozen small chunks (one per set of importing routes), and on HTTP/1.1 each one is
 * one more request before the page is interactive.
 */
function pageShellModules() {
  const ids = new Set<string>();
  const plugin: Plugin = {
    name: 'store:page-shell-modules',
    apply: 'build',
    buildEnd() {
      ids.clear();
      // Only the browser build (the prerender build runs at build time and is then deleted).
      if (this.environment.name !== 'client') return;
      const staticClosure = (from: string) => {
        const found = new Set<string>();
        const pending = [from];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (found.has(id)) continue;
          found.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return found;
      };
      const moduleIds = [...this.getModuleIds()];
      const root = moduleIds.find((id) => id.split('?')[0] === rootModule);
      if (!root) return;
      for (const id of staticClosure(root)) ids.add(id);
      // root.tsx itself stays the root route's own chunk.
      ids.delete(root);

      const routes = moduleIds.filter((id) => id !== root && this.getModuleInfo(id)?.isEntry);
      const routeCount = new Map<string, number>();
      for (const route of routes) {
        for (const id of staticClosure(route)) routeCount.set(id, (routeCount.get(id) ?? 0) + 1);
      }
      for (const [id, count] of routeCount) {
        const size = this.getModuleInfo(id)?.code?.length ?? Infinity;
        if (count >= routes.length / 3 && size <= smallModuleBytes) ids.add(id);
      }
    },
  };
  // Libraries have their own chunk; the stylesheet stays with root.tsx (the root route's CSS).
  // The domain package is left to Rolldown too: every page reaches all of it through its index,
  // so the module graph would put the date-of-birth maths and the like in every page's shell,
  // where Rolldown, which follows what is used, puts them only where they are used.
  return {
    plugin,
    has: (id: string) => ids.has(id) && !/node_modules|packages[\\/]domain|\.css($|\?)/.test(id),
  };
}

/** Shared by a third of the routes and at most this big (transformed source): in the shell. */
const smallModuleBytes = 4096;

const pageShell = pageShellModules();

/**
 * With `ssr: false` React Router deletes its server build once the pages are prerendered. The
 * API renders a number's page (/numbers/{digits}) on request with that same build, so it is
 * copied first, to `page-server/` beside `client/` (docs/decisions/0013).
 */
function keepServerBuild(): Plugin {
  return {
    name: 'store:keep-server-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    writeBundle: {
      // Before React Router's own writeBundle, which prerenders and then deletes the build.
      order: 'pre',
      handler() {
        const serverDir = this.environment.config.build.outDir;
        const keptDir = join(dirname(serverDir), 'page-server');
        rmSync(keptDir, { recursive: true, force: true });
        cpSync(serverDir, keptDir, { recursive: true });
        // ES modules wherever the build is copied to, not only below this package.json.
        writeFileSync(join(keptDir, 'package.json'), '{ "type": "module" }\n');
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), pageShell.plugin, keepServerBuild(), schedulerSlices()],
  // Only variables starting with PUBLIC_ reach the browser bundle (see src/lib/site-config.ts).
  envPrefix: 'PUBLIC_',
  define: {
    // The year the site was built; the footer renders it first and corrects it in the browser.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React Router and TanStack Query in one chunk: one request (HTTP/1.1 opens
            // six at a time) and one stream that compresses better than a dozen small ones.
            // Not TanStack Table: only the console uses it, so it stays out of storefront pages.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](?:react-query|query-core))[\\/]/,
            },
            // The page shell (what root.tsx imports, small modules most routes share) beside it.
            { name: 'shell', test: pageShell.has },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
