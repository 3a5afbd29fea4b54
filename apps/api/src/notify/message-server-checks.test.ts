import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMessageServers } from './message-server-checks';

/** A loopback port nothing listens on: one that was free a moment ago. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const servers: { close(callback: () => void): void }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise<void>((r) => server.close(() => r()));
});

const settings = (overrides: Record<string, unknown>) => ({
  NODE_ENV: 'production' as const,
  SMTP_URL: undefined,
  SMS_PROVIDER: 'log' as const,
  MSG91_API_BASE: 'https://control.msg91.com/api/v5',
  OUTBOUND_TIMEOUT_SECONDS: 5,
  ...overrides,
});

describe('checkMessageServers', () => {
  it('warns of a mail server and MSG91 host it cannot reach, naming the setting and host:port, never the password', async () => {
    const smtpPort = await closedPort();
    const msg91Port = await closedPort();
    const lines: string[] = [];
    await checkMessageServers(
      settings({
        SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${smtpPort}`,
        SMS_PROVIDER: 'msg91',
        MSG91_API_BASE: `http://127.0.0.1:${msg91Port}/api/v5`,
      }),
      (line) => lines.push(line),
    );
    expect(lines).toEqual([
      `SMTP_URL: cannot reach 127.0.0.1:${smtpPort} (connection refused): no e-mail or sign-in code will be sent until it can`,
      `MSG91_API_BASE: cannot reach 127.0.0.1:${msg91Port} (connection refused): no SMS or sign-in code will be sent until it can`,
    ]);
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('says nothing when both answer', async () => {
    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'] });
    servers.push(smtp);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    const msg91 = createServer((socket) => socket.end());
    servers.push(msg91);
    await new Promise<void>((resolve) => msg91.listen(0, '127.0.0.1', resolve));
    const msg91Port = (msg91.address() as { port: number }).port;
    const lines: string[] = [];
    await checkMessageServers(
      settings({
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SMS_PROVIDER: 'msg91',
        MSG91_API_BASE: `http://127.0.0.1:${msg91Port}/api/v5`,
      }),
      (line) => lines.push(line),
    );
    expect(lines).toEqual([]);
  });

  it('tries nothing under NODE_ENV=test unless asked, nor a channel left to the log', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const smtp = { SMTP_URL: `smtp://127.0.0.1:${port}` };
    await checkMessageServers(settings({ ...smtp, NODE_ENV: 'test' }), (l) => lines.push(l));
    await checkMessageServers(settings({ MSG91_API_BASE: `http://127.0.0.1:${port}` }), (l) =>
      lines.push(l),
    );
    expect(lines).toEqual([]);
    await checkMessageServers(settings({ ...smtp, NODE_ENV: 'test' }), (l) => lines.push(l), {
      evenInTests: true,
    });
    expect(lines).toHaveLength(1);
  });
});
