import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { startFakeRazorpay } from './fake-razorpay';

/**
 * npm run dev:razorpay: the store as `npm start` runs it (embedded database, demo data), paid
 * through the Razorpay stand-in (fake-razorpay.ts) on loopback instead of Razorpay, to try
 * Razorpay Checkout, a failed payment, the webhook and refunds without a Razorpay account. The
 * stand-in listens on 127.0.0.1:RAZORPAY_STAND_IN_PORT (default 3099); the store takes every
 * other setting as npm start does. Never for a real store: production refuses the stand-in's
 * http addresses (decision 0076).
 */

const repo = resolve(import.meta.dirname, '../../..');
const keys = {
  keyId: 'rzp_test_standin',
  keySecret: randomBytes(24).toString('hex'),
  webhookSecret: randomBytes(24).toString('hex'),
};
const fake = await startFakeRazorpay(keys, {
  port: Number(process.env.RAZORPAY_STAND_IN_PORT ?? 3099),
});
console.log(`Razorpay stand-in at ${fake.checkoutUrl.replace(/\/checkout\.js$/, '')}`);

const store = spawn('npm', ['start'], {
  cwd: repo,
  env: {
    ...process.env,
    ...fake.storeSettings,
  },
  stdio: ['inherit', 'pipe', 'inherit'],
  // A process group of its own: npm passes no signal down its chain, so the group is signalled.
  detached: true,
});
// The stand-in sends its webhooks where the store says it listens.
store.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  const ready = /Store ready at (http:\/\/[^\s/]+)/.exec(chunk.toString());
  if (ready) fake.deliverWebhooksTo(`${ready[1]}/api/v1/payments/razorpay/webhook`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.kill(-store.pid!, signal));
}
store.on('exit', async (code) => {
  await fake.close();
  process.exit(code ?? 1);
});
