import { join, resolve } from 'node:path';
import { apiFolder } from './api-folder';

/** Where the web app's build lies in the project (npm run build -w apps/web). */
export const defaultBuildDir = join(apiFolder, '../web/build/client');

/** The built web app's client folder the server serves (WEB_BUILD_DIR, or the default). */
export const webBuildDir = (buildDir: string | undefined) => resolve(buildDir ?? defaultBuildDir);
