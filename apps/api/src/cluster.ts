/**
 * Several server processes on one address and one PostgreSQL (`npm run start:cluster`): this
 * primary process starts WORKERS workers (one per CPU core unless set), each the whole server
 * (src/server.ts), sharing the port through Node's cluster module. A worker that ends is started
 * again, unless workers keep crashing (then the primary stops: something is wrong with the
 * setup); a worker whose start cannot succeed (a setting to fix: exit 78, src/start-failure.ts)
 * stops the cluster at once, its one line printed once. A worker stopped on purpose (`kill -TERM`
 * it, one at a time, to pick up a new build) is no crash (src/worker-exits.ts). SIGTERM/SIGINT to the primary stops every worker the way
 * one server stops, then the primary.
 *
 * Needs DATABASE_URL: the embedded database belongs to one process (its data folder is locked).
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { configWarnings, loadConfig } from './config/config';
import { checkUploadFolder } from './imports/upload-folder';
import { checkMessageServers } from './notify/message-server-checks';
import { START_REFUSED_EXIT_CODE, startRefusal } from './start-failure';
import { crashWindow, isCrash, isStartRefused, refusesRestart, stopSignals } from './worker-exits';

/** Crashed workers replaced within a minute; one more stops the cluster. */
const CRASHES_PER_MINUTE = 5;

function primary() {
  let config;
  try {
    config = loadConfig(process.env, { forServer: true });
    checkUploadFolder(config.DATA_DIR);
  } catch (error) {
    const refusal = startRefusal(error);
    console.error(refusal ?? error);
    process.exit(refusal ? START_REFUSED_EXIT_CODE : 1);
  }
  if (!config.DATABASE_URL) {
    console.error(
      'Several server processes need one PostgreSQL server they all reach: set DATABASE_URL ' +
        '(the embedded database serves one process; use npm start for it).',
    );
    process.exit(START_REFUSED_EXIT_CODE);
  }
  const count = config.WORKERS ?? availableParallelism();
  // Outside production SESSION_SECRET may be unset, and each process would pick a secret of
  // its own: a code sent or a token signed by one would be refused by another. One for all.
  const workerEnv = config.SESSION_SECRET
    ? {}
    : { SESSION_SECRET: randomBytes(32).toString('hex') };
  let stopping = false;
  const crashes = crashWindow(CRASHES_PER_MINUTE, 60_000);

  // A start that cannot succeed, said once whichever worker tells it first; then every worker stops.
  cluster.on('message', (_worker, message) => {
    if (stopping || !isStartRefused(message)) return;
    console.error(message.startRefused);
    stop(START_REFUSED_EXIT_CODE);
  });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (refusesRestart(code)) {
      console.error(
        `Server process ${worker.process.pid} could not start (exit ${code}: a setting to fix, said above); stopping.`,
      );
      stop(START_REFUSED_EXIT_CODE);
      return;
    }
    if (isCrash(code, signal) && crashes.tooMany(Date.now())) {
      console.error(
        `Server processes keep crashing (more than ${CRASHES_PER_MINUTE} within a minute, the last: ${signal ?? `exit ${code}`}); stopping.`,
      );
      stop(1);
      return;
    }
    console.error(
      `Server process ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`,
    );
    cluster.fork(workerEnv);
  });

  function stop(exitCode = 0) {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    if (exitCode !== 0) process.exitCode = exitCode;
  }
  for (const signal of stopSignals) process.on(signal, () => stop());

  for (let i = 0; i < count; i++) cluster.fork(workerEnv);
  console.log(`Starting ${count} server processes`);
  for (const warning of configWarnings(config)) console.error(warning);
  void checkMessageServers(config, (line) => console.error(line));
}

if (cluster.isPrimary) primary();
else await import('./server');
