import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Where a benchmarked store's e-mail and SMS go: an SMTP server and a stand-in for MSG91's Flow
 * API on loopback that accept every message. The store delivers them as in production (the
 * outbox worker, a connection per message), so the benchmark counts that work; with the dead
 * addresses of production-settings.ts every send would fail and be tried again, and the retries
 * of earlier runs would pile up in the database.
 */
export async function startMessageSinks() {
  let emails = 0;
  let sms = 0;
  const smtp = new SMTPServer({
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        emails++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const msg91: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      sms++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ type: 'success', message: 'bench' }));
    });
  });
  await new Promise<void>((resolve) => msg91.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const msg91Port = (msg91.address() as AddressInfo).port;
  return {
    /** The store's settings that send to the sinks. */
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MSG91_API_BASE: `http://127.0.0.1:${msg91Port}`,
    },
    received: () => ({ emails, sms }),
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => msg91.close(() => resolve()));
    },
  };
}
