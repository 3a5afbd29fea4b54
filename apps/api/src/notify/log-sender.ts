import { maskOtp, type MessageSender, type NotifyLog } from './message';

/**
 * The adapter used when a channel has no provider configured: the message goes to the log.
 * The code itself is masked (logs are not a place for secrets); outside production the log line
 * says where to read it (the dev outbox) and the message counts as delivered. In production
 * nobody can read it: `delivers` is false, so a caller that must reach the person (a code) can
 * tell it was not delivered, and the line says only which kind of message was dropped: a
 * buyer's address, mobile, billing details or UPC do not belong in a production log.
 */
export function createLogSender(log: NotifyLog, devTools: boolean): MessageSender {
  return {
    delivers: devTools,
    async send(message) {
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
