import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';

const catcher = fileURLToPath(new URL('./message-catcher.mjs', import.meta.url));
const running: ChildProcess[] = [];
const holders: Server[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) child.kill();
  for (const server of holders.splice(0)) server.close();
});

/** A loopback port held by this test (as another program would hold it). */
async function heldPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  holders.push(server);
  return (server.address() as AddressInfo).port;
}

/** A loopback port free now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The catcher on these ports, with what it has printed so far. */
function startCatcher(...ports: number[]) {
  const child = spawn(process.execPath, [catcher, ...ports.map(String)], {
    env: { ...process.env, STORE_NAME: 'Shubh Numbers', PUBLIC_BASE_URL: 'https://shubh.in/' },
  });
  running.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  /** Resolves once the output has `text`. */
  const printed = async (text: string) => {
    while (!output.stdout.includes(text)) {
      if (child.exitCode !== null) throw new Error(`catcher stopped: ${output.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, output, printed };
}

describe('the message catcher', () => {
  it("prints an e-mail's subject and text decoded, and an SMS as its template filled in", async () => {
    const [smtpPort, msg91Port] = [await freePort(), await freePort()];
    const { output, printed } = startCatcher(smtpPort, msg91Port);
    await printed('Catching messages:');
    expect(output.stdout).toContain(`SMTP_URL=smtp://127.0.0.1:${smtpPort} `);
    expect(output.stdout).toContain(`MSG91_API_BASE=http://127.0.0.1:${msg91Port} `);

    const mailer = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false });
    for (const textEncoding of ['quoted-printable', 'base64'] as const) {
      await mailer.sendMail({
        from: 'Shubh Numbers <no-reply@shubh.in>',
        to: 'ravi@buyer.in',
        // Non-ASCII: sent as an encoded word, folded across lines.
        subject: `[Shubh Numbers] नमस्ते रवि, your verification code (${textEncoding}) for a long subject line`,
        text: `Namaste रवि कुमार,\n\nYour code is 482913.\nConfirm: https://shubh.in/notify/confirm?token=abc%3D%3D&x=1\n`,
        textEncoding,
      });
      await printed(`(${textEncoding}) for a long subject line`);
    }
    expect(output.stdout).toContain(
      'E-mail to ravi@buyer.in: [Shubh Numbers] नमस्ते रवि, your verification code (base64) for a long subject line\n' +
        '    Namaste रवि कुमार,\n    \n    Your code is 482913.\n' +
        '    Confirm: https://shubh.in/notify/confirm?token=abc%3D%3D&x=1\n',
    );
    expect(output.stdout).toContain('your verification code (quoted-printable) for a long');
    expect(output.stdout.match(/Your code is 482913\./g)).toHaveLength(2);
    expect(output.stdout).not.toMatch(/=\?UTF-8\?|=E0=A4/i);

    const answer = await fetch(`http://127.0.0.1:${msg91Port}/flow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        template_id: 'otp',
        recipients: [{ mobiles: '919812329101', VAR1: '786358', VAR2: 'sign in', VAR3: '10 min' }],
      }),
    });
    expect(await answer.json()).toEqual({ type: 'success', message: 'caught' });
    await printed('SMS to 919812329101');
    expect(output.stdout).toContain(
      'SMS to 919812329101: 786358 is your Shubh Numbers code to sign in. Valid for 10 min. Do not share it with anyone.',
    );
    mailer.close();
  });

  it('stops with one line when a port is in use, before printing any setting', async () => {
    for (const ports of [
      [await heldPort(), await freePort()],
      [await freePort(), await heldPort()],
    ]) {
      const { child, output } = startCatcher(...ports);
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(output.stdout).toBe('');
      const busy = ports.find((port) =>
        holders.some((h) => (h.address() as AddressInfo).port === port),
      );
      expect(output.stderr).toMatch(
        new RegExp(
          `^Port ${busy} \\((SMTP|MSG91)\\) is in use by another program: choose two free ports, e\\.g\\. node scripts/message-catcher\\.mjs \\d+ \\d+\\n$`,
        ),
      );
    }
  });
});
