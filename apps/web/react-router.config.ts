import type { Config } from '@react-router/dev/config';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { assertBuildEnv } from './src/lib/site-config';
import { getPrerenderPaths } from './src/prerender-paths';

// Stop at once, with the reason, when a PUBLIC_* setting is wrong (e.g. the sales line): read the
// way Vite reads them for the bundle (environment, then .env files of apps/web).
assertBuildEnv(loadEnv('production', dirname(fileURLToPath(import.meta.url)), 'PUBLIC_'));

export default {
  appDirectory: 'src',
  // WEB_BUILD_OUT lets parallel builds (e.g. several developers' e2e runs) use their own folders.
  buildDirectory: process.env.WEB_BUILD_OUT ?? 'build',
  // SPA mode with prerendering: public pages become static HTML under build/client/<path>/index.html,
  // every other path is served the SPA fallback shell (build/client/__spa-fallback.html).
  ssr: false,
  prerender: getPrerenderPaths,
  // Opt in to the React Router v8 behaviour now (silences the upgrade warnings at build time).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
