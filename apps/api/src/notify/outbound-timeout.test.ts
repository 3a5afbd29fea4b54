import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg91TemplateSettings } from '../../test-support/msg91-templates';
import { loadConfig } from '../config/config';
import type { Database } from '../db/database';
import { createNotifier, type NotifyLog } from './notifier';
import { smsMessage } from './sms-templates';

const site = { STORE_NAME: 'VIP Number Store', PUBLIC_BASE_URL: 'https://shop.example.in' };

/**
 * Providers that accept the connection and then never answer: the notifier built from the
 * configuration gives up after OUTBOUND_TIMEOUT_SECONDS (the default would wait 10 s, past the
 * bounds asserted here).
 */
describe('OUTBOUND_TIMEOUT_SECONDS for e-mail and SMS', () => {
  let http: HttpServer;
  let smtp: TcpServer;
  const sockets = new Set<Socket>();
  let httpPort: number;
  let smtpPort: number;

  beforeAll(async () => {
    http = createHttpServer(() => {
      // Never answers.
    });
    // Accepts SMTP connections and never sends the greeting.
    smtp = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    httpPort = (http.address() as AddressInfo).port;
    smtpPort = (smtp.address() as AddressInfo).port;
  });
  afterAll(async () => {
    http.closeAllConnections();
    for (const socket of sockets) socket.destroy();
    await Promise.all([
      new Promise((resolve) => http.close(resolve)),
      new Promise((resolve) => smtp.close(resolve)),
    ]);
  });

  const silent: NotifyLog = { info: () => {}, warn: () => {}, error: () => {} };
  // Production: no dev outbox, so the notifier never touches the database.
  const notifier = () =>
    createNotifier({
      config: loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        LOG_LEVEL: 'silent',
        OUTBOUND_TIMEOUT_SECONDS: '1',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'test-auth-key',
        ...msg91TemplateSettings,
        MSG91_API_BASE: `http://127.0.0.1:${httpPort}/api/v5`,
      }),
      database: {} as Database,
      log: silent,
    });

  async function timeToFail(send: () => Promise<void>): Promise<number> {
    const started = Date.now();
    await expect(send()).rejects.toThrow();
    return Date.now() - started;
  }

  it('gives up on an MSG91 call that never answers', async () => {
    const n = notifier();
    try {
      const took = await timeToFail(() =>
        n.send(smsMessage('9876543210', { kind: 'payment_received', variables: ['VN-1'] }, site)),
      );
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(4_000);
    } finally {
      await n.close();
    }
  });

  it('gives up on an SMTP server that never greets', async () => {
    const n = notifier();
    try {
      const took = await timeToFail(() =>
        n.send({ channel: 'email', to: 'asha@example.com', subject: 's', text: 't' }),
      );
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(4_000);
    } finally {
      await n.close();
    }
  });
});
