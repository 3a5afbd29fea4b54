import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Notifier, OutgoingMessage } from '../notify/notifier';
import { sendEnquiry } from '../../test-support/console-fixtures';
import { staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';

/** Replies when the mail server refuses them, and when the store has none. */
describe('a reply that cannot be e-mailed', () => {
  let app: App;
  const mail = { failing: false, delivering: true, sent: [] as OutgoingMessage[] };
  const notifier: Notifier = {
    async send(message) {
      if (mail.failing && message.channel === 'email') throw new Error('SMTP refused');
      mail.sent.push(message);
    },
    delivers: () => mail.delivering,
    close: () => Promise.resolve(),
  };

  beforeAll(async () => {
    app = await buildApp(testConfig(), { database: await sharedDatabase(), notifier });
    await app.ready();
  });
  beforeEach(async () => {
    await resetDatabase(app.database);
    Object.assign(mail, { failing: false, delivering: true, sent: [] });
  });
  afterAll(() => app.close());

  async function enquiryAndStaff() {
    const res = await sendEnquiry(app);
    return { id: res.json().data.id as string, staff: await staffMember(app) };
  }

  it('answers 502 and records nothing when the mail server refuses it', async () => {
    const { id, staff } = await enquiryAndStaff();
    mail.failing = true;
    const res = await staff.client.post(api(`/admin/enquiries/${id}/replies`), {
      text: 'We have it, call us.',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('EMAIL_FAILED');
    const detail = (await staff.client.get(api(`/admin/enquiries/${id}`))).json().data;
    expect(detail).toMatchObject({ status: 'new', replies: [] });
    const [audited] = await app.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action <> 'enquiry.view'",
    );
    expect(audited?.n).toBe(0); // only the staff member's look at it
  });

  it('answers 503 without trying when e-mail reaches nobody', async () => {
    const { id, staff } = await enquiryAndStaff();
    mail.delivering = false;
    const before = mail.sent.length;
    const res = await staff.client.post(api(`/admin/enquiries/${id}/replies`), {
      text: 'We have it, call us.',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain('SMTP_URL');
    expect(mail.sent).toHaveLength(before);
  });
});
