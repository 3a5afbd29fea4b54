// Catches a production store's e-mail and SMS on this machine, to try production without real
// SMTP and MSG91 accounts: an SMTP server and a stand-in for MSG91's Flow API, on loopback, that
// print every message they are given: an e-mail's recipients, subject and text (decoded, so its
// sign-in code and links can be read), an SMS as its template filled in. Start the store with the
// settings it prints: each MSG91_TEMPLATE_<KIND> is its kind's name (STORE_NAME and
// PUBLIC_BASE_URL, if set here as for the store, fill the template's fixed text).
//   node scripts/message-catcher.mjs [smtp-port] [msg91-port]     (defaults 2525 and 2526)
// A port another program holds stops it with one line, before it prints any setting.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const templates = JSON.parse(
  readFileSync(new URL('../apps/api/src/notify/sms-templates.json', import.meta.url), 'utf8'),
);
const store = process.env.STORE_NAME ?? 'VIP Number Store';
const site = (process.env.PUBLIC_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');

/** The SMS as the buyer reads it: the template's text with VAR1, VAR2, ... in its {#var#}. */
function smsText(templateId, recipient) {
  const template = templates[templateId];
  const variables = Object.keys(recipient)
    .filter((key) => /^VAR\d+$/.test(key))
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
    .map((key) => recipient[key]);
  if (!template) return `(template ${templateId}) ${variables.join(' | ')}`;
  let next = 0;
  return template
    .replaceAll('{store}', store)
    .replaceAll('{site}', site)
    .replaceAll('{#var#}', () => variables[next++] ?? '');
}

/** An e-mail as the buyer reads it: subject and text part decoded, the text indented. */
function emailText(to, mail) {
  const text = (mail.text ?? '').trim().replace(/\n{3,}/g, '\n\n');
  const body = text ? `\n${text.replace(/^/gm, '    ')}` : '';
  return `E-mail to ${to}: ${mail.subject ?? ''}${body}\n`;
}

/** Listens on a loopback port; a port in use stops the catcher with one line. */
function listen(server, port, what) {
  return new Promise((resolve) => {
    server.once('error', (error) => {
      console.error(
        error.code === 'EADDRINUSE'
          ? `Port ${port} (${what}) is in use by another program: choose two free ports, e.g. node scripts/message-catcher.mjs 2535 2536`
          : `Could not listen on port ${port} (${what}): ${error.message}`,
      );
      process.exit(1);
    });
    server.listen(port, '127.0.0.1', resolve);
  });
}

const [smtpPort = 2525, msg91Port = 2526] = process.argv.slice(2).map(Number);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
    simpleParser(stream).then(
      (mail) => {
        console.log(emailText(to, mail));
        callback();
      },
      (error) => {
        console.log(`E-mail to ${to} could not be read: ${error.message}`);
        callback();
      },
    );
  },
});

const msg91 = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const flow = JSON.parse(body || '{}');
    for (const recipient of flow.recipients ?? []) {
      console.log(`SMS to ${recipient.mobiles}: ${smsText(flow.template_id, recipient)}`);
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ type: 'success', message: 'caught' }));
  });
});

await listen(smtp, smtpPort, 'SMTP');
await listen(msg91, msg91Port, 'MSG91');

console.log(
  `Catching messages: SMTP_URL=smtp://127.0.0.1:${smtpPort} ` +
    `SMS_PROVIDER=msg91 MSG91_API_BASE=http://127.0.0.1:${msg91Port} ` +
    'MSG91_AUTH_KEY=any ' +
    Object.keys(templates)
      .map((kind) => `MSG91_TEMPLATE_${kind.toUpperCase()}=${kind}`)
      .join(' '),
);
