/**
 * The stock import on the default store (`npm start`'s embedded PostgreSQL server in a fresh data
 * folder, 20,000 demo numbers): a CSV of BENCH_ROWS rows (default 100,000; most of them new
 * numbers, some repricing demo ones, a few refused) through the HTTP API as the console sends
 * it, first as a dry run, then as an import followed to the end.
 *
 *   npm run bench:import
 *
 * Prints rows a second of each and the API process's resident memory: before, and the peak
 * while each ran (sampled every 50 ms).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, stopServer } from '../shared/load';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const rowCount = Number(process.env.BENCH_ROWS ?? 100_000);
const SUPPORT_MOBILE = '9000000001';

/** Resident memory of a process, MB. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
}

/** Runs `work` while sampling the process's memory; answers its result, seconds and peak MB. */
async function measured<T>(pid: number, work: () => Promise<T>) {
  let peak = residentMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, peak };
  } finally {
    clearInterval(sampler);
  }
}

/** A deterministic stock file: mostly new numbers, every 20th a demo-like one, 1 in 500 refused. */
function stockCsv(rows: number): string {
  let state = 20_260_301;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
  const lines = ['number,price,offer_price'];
  const seen = new Set<string>();
  while (lines.length <= rows) {
    const number = `${6 + Math.floor(next() * 4)}${String(Math.floor(next() * 1e9)).padStart(9, '0')}`;
    if (seen.has(number)) continue;
    seen.add(number);
    const price = 1_400 + Math.floor(next() * 200_000);
    const offer = next() < 0.2 ? String(Math.floor(price * 0.9)) : '';
    const grouped = price.toLocaleString('en-IN');
    if (lines.length % 500 === 0) lines.push(`${number},0,`);
    else if (lines.length % 3 === 0) lines.push(`${number},"${grouped}",${offer}`);
    else lines.push(`+91 ${number},${price},${offer}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Signs the demo support account in with a code from the dev outbox; answers its cookies. */
async function signInSupport(base: string): Promise<string> {
  const sent = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: SUPPORT_MOBILE }),
  });
  if (!sent.ok) throw new Error(`sign-in answered ${sent.status}`);
  const outbox = (await (await fetch(`${base}/api/v1/dev/outbox?to=${SUPPORT_MOBILE}`)).json()) as {
    data: { messages: { otp: string | null }[] };
  };
  const otp = outbox.data.messages.find((message) => message.otp)?.otp;
  const verified = await fetch(`${base}/api/v1/auth/verify-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: SUPPORT_MOBILE, otp }),
  });
  if (!verified.ok) throw new Error(`verify-otp answered ${verified.status}`);
  return verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-import-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Stock import benchmark: ${rowCount} rows on the default store (embedded server)`);
  const csv = stockCsv(rowCount);
  console.log(`File: ${(csv.length / 1_048_576).toFixed(1)} MB`);
  // Development mode: the demo support account and the dev outbox its sign-in code goes to
  // (messages logged there, not sent to the production placeholders).
  const server = await startServer(root, port, {
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    SMS_PROVIDER: 'log',
    SMTP_URL: '',
  });
  const pid = server.pid!;
  try {
    const cookie = await signInSupport(base);
    const upload = (dryRun: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
      return fetch(`${base}/api/v1/admin/numbers/import${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
    };
    console.log(`API resident memory before: ${residentMb(pid)} MB\n`);

    const dryRun = await measured(pid, async () => {
      const res = await upload(true);
      if (!res.ok) throw new Error(`dry run answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: Record<string, number> }).data;
    });
    const { total, valid, invalid, new: added, updated } = dryRun.result;
    console.log(
      `dry run   ${(rowCount / dryRun.seconds).toFixed(0).padStart(7)} rows/s  ${dryRun.seconds.toFixed(1).padStart(5)} s  peak ${dryRun.peak} MB  (total ${total}, valid ${valid}, invalid ${invalid}, new ${added}, updated ${updated})`,
    );

    const run = await measured(pid, async () => {
      const res = await upload(false);
      if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
      const { importId } = ((await res.json()) as { data: { importId: string } }).data;
      for (;;) {
        const state = (await (
          await fetch(`${base}/api/v1/admin/imports/${importId}`, { headers: { cookie } })
        ).json()) as { data: Record<string, unknown> };
        if (state.data.status !== 'running') return state.data;
        await sleep(100);
      }
    });
    console.log(
      `import    ${(rowCount / run.seconds).toFixed(0).padStart(7)} rows/s  ${run.seconds.toFixed(1).padStart(5)} s  peak ${run.peak} MB  (status ${String(run.result.status)}, imported ${String(run.result.imported)}, errors ${String(run.result.errors)})`,
    );
    console.log(
      `\nDry run plus import: ${(dryRun.seconds + run.seconds).toFixed(1)} s for ${rowCount} rows; API resident memory after: ${residentMb(pid)} MB`,
    );
    if (run.result.status !== 'done') process.exitCode = 1;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
