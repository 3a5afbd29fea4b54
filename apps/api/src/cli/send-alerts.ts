import { loadConfig } from '../config/config';
import { openCommandServices } from './command-services';
import { reportFailure } from './report-failure';

/**
 * Sends the daily alert e-mails that are due, for a cron (the API server also sends them every
 * ALERT_DIGEST_SECONDS): a buyer gets at most one a day, and the advisory lock keeps this from
 * sending while a server is.
 */
async function main() {
  const { services, close } = await openCommandServices(loadConfig(), { sends: true });
  try {
    const { sent } = await services.alerts.sendDigests();
    console.log(
      sent === undefined
        ? 'another process is sending the alerts now; nothing sent'
        : `sent ${sent} alert e-mails`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => reportFailure('Sending alerts', error));
