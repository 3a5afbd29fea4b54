import { maskOtp, type MessageSender, type NotifyLog } from './message';

/**
 * A refusal no later attempt can change: the outbox gives the message up at once (decision 0087).
 */
class RecipientRefused extends Error {
  readonly permanent = true;
}

/**
 * Outside production, a message to an address of the reserved domain .invalid (RFC 2606) is
 * refused for good, as a mail server refuses a mistyped address: how a test makes the store give
 * a message up (decision 0087). One carrying a code goes through, so such an account can be made.
 */
const refusedInDevelopment = (to: string, otp: string | undefined) =>
  otp === undefined && /\.invalid$/i.test(to);

/**
 * The adapter used when a channel has no provider configured: the message goes to the log.
 * The code itself is masked (logs are not a place for secrets); outside production the log line
 * says where to read it (the dev outbox) and the message counts as delivered. In production
 * nobody can read it: `delivers` is false, so a caller that must reach the person (a code) can
 * tell it was not delivered, and the line says only which kind of message was dropped: a
 * buyer's address, mobile, billing details or UPC do not belong in a production log. Outside
 * production it refuses an address at .invalid (refusedInDevelopment).
 */
export function createLogSender(log: NotifyLog, devTools: boolean): MessageSender {
  return {
    delivers: devTools,
    async send(message) {
      if (devTools && refusedInDevelopment(message.to, message.otp)) {
        throw new RecipientRefused(
          `550 ${message.to}: the domain .invalid receives nothing (development stand-in)`,
        );
      }
      if (!devTools) {
        log.info(
          { notify: { channel: message.channel, subject: message.subject } },
          `${message.channel} message not sent: no provider configured.`,
        );
        return;
      }
      log.info(
        {
          notify: {
            channel: message.channel,
            to: message.to,
            subject: message.subject,
            text: maskOtp(message.text, message.otp),
          },
        },
        `${message.channel} message not sent: no provider configured. Read it at /api/v1/dev/outbox?to=${encodeURIComponent(message.to)}`,
      );
    },
  };
}
