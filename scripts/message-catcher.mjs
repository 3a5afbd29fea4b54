// Catches a production store's e-mail and SMS on this machine, to try production without real
// SMTP and MSG91 accounts: an SMTP server and a stand-in for MSG91's Flow API, on loopback, that
// print every message they are given. Start the store with the two settings it prints.
//   node scripts/message-catcher.mjs [smtp-port] [msg91-port]     (defaults 2525 and 2526)
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const [smtpPort = 2525, msg91Port = 2526] = process.argv.slice(2).map(Number);

new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let text = '';
    stream.on('data', (chunk) => (text += chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
      const subject = /^subject: (.*)$/im.exec(text)?.[1] ?? '';
      console.log(`E-mail to ${to}: ${subject}`);
      callback();
    });
  },
}).listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    for (const recipient of JSON.parse(body || '{}').recipients ?? []) {
      console.log(`SMS to ${recipient.mobiles}: ${recipient.content}`);
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ type: 'success', message: 'caught' }));
  });
}).listen(msg91Port, '127.0.0.1');

console.log(
  `Catching messages: SMTP_URL=smtp://127.0.0.1:${smtpPort} ` +
    `SMS_PROVIDER=msg91 MSG91_API_BASE=http://127.0.0.1:${msg91Port} ` +
    '(MSG91_AUTH_KEY and MSG91_TEMPLATE_ID: any value)',
);
