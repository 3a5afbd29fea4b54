import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { PageRenderer } from '../src/plugins/page-renderer';
import { logLines, type LogLine } from './log-lines';
import { insertTestNumbers, type TestNumber } from './numbers';
import { resetDatabase, sharedDatabase, testConfig } from './test-app';

/**
 * A describe block around an app whose pages rendered on request are rendered by `stub` (a
 * stand-in for the web build's renderer, noting what it was given in `calls`), serving the web
 * build at `webBuildDir`; before each test the stub's calls and the log are emptied and the
 * store holds `numbers` alone.
 */
export function renderedPagesSuite<Call>(
  title: string,
  setup: {
    webBuildDir: () => string;
    env?: Record<string, string>;
    stub: { calls: Call[]; render: PageRenderer };
    numbers: readonly TestNumber[];
  },
  body: (ctx: () => { app: App; calls: Call[]; logs: LogLine[] }) => void,
) {
  describe(title, () => {
    let app: App;
    const log = logLines();
    beforeAll(async () => {
      app = await buildApp(
        testConfig({ WEB_BUILD_DIR: setup.webBuildDir(), LOG_LEVEL: 'warn', ...setup.env }),
        { database: await sharedDatabase(), renderPage: setup.stub.render, logStream: log.stream },
      );
      await app.ready();
    });
    beforeEach(async () => {
      await resetDatabase(app.database);
      setup.stub.calls.length = 0;
      log.lines.length = 0;
      await insertTestNumbers(app, setup.numbers);
    });
    afterAll(() => app.close());
    body(() => ({ app, calls: setup.stub.calls, logs: log.lines }));
  });
}
