// `npm start` and `npm run start:cluster` run this before building anything: the settings a
// store needs (in production, every one listed at once) are checked in a second, not after a
// minute's web build. node --import tsx src/cli/check-settings.ts
import { ConfigError, loadConfig } from '../config/config';

try {
  loadConfig(process.env, { forServer: true });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
