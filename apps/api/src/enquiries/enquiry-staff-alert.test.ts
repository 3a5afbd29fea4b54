import { expect, it, vi } from 'vitest';
import { sendEnquiry } from '../../test-support/console-fixtures';
import { outbox } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'the staff alert of a new enquiry',
  (ctx) => {
    const send = (overrides: Record<string, unknown>) => sendEnquiry(ctx().app, overrides);

    it('e-mails and texts the team who wrote, about which number, and where to answer', async () => {
      const { app } = ctx();
      const sent = await send({ number: '9820098200' });
      expect(sent.statusCode).toBe(201);
      const { id, reference } = sent.json().data;
      const mails = await vi.waitFor(async () => {
        const found = [
          ...(await outbox(app, 'owner@example.com')),
          ...(await outbox(app, 'desk@example.com')),
        ];
        expect(found).toHaveLength(2);
        return found;
      });
      for (const mail of mails) {
        expect(mail.subject).toBe(
          `[${app.config.STORE_NAME}] New enquiry ${reference} about 9820098200: a VIP number`,
        );
        expect(mail.text).toContain(
          'From Ravi Kulkarni, 9876543210, ravi@example.com about 9820098200.',
        );
        expect(mail.text).toContain('Is 98200 98200 still available?');
        expect(mail.text).toContain(`http://store.test/admin/enquiries/${id}`);
      }
      const [sms] = await vi.waitFor(async () => {
        const found = await outbox(app, '9000000009');
        expect(found).toHaveLength(1);
        return found;
      });
      expect(sms!.channel).toBe('sms');
      expect(sms!.text).toBe(
        `[${app.config.STORE_NAME}] New enquiry ${reference}: 9876543210 about 9820098200. Details in your e-mail and at http://store.test/admin`,
      );
    });

    it('says nothing for a filled honeypot or a refused enquiry', async () => {
      const { app } = ctx();
      expect((await send({ website: 'http://spam.example' })).statusCode).toBe(201);
      expect((await send({ mobile: '123' })).statusCode).toBe(400);
      // A real enquiry after them: once its alert is out, the others would be too.
      expect((await send({ topic: 'general' })).statusCode).toBe(201);
      await vi.waitFor(async () => {
        expect(await outbox(app, '9000000009')).toHaveLength(1);
      });
      const [mail, ...others] = await outbox(app, 'owner@example.com');
      expect(others).toHaveLength(0);
      expect(mail!.subject).toMatch(/New enquiry ENQ-[0-9A-F]{8}: a general question/);
    });
  },
  {
    env: {
      STAFF_ALERT_EMAILS: 'owner@example.com, desk@example.com',
      STAFF_ALERT_MOBILES: '9000000009',
    },
  },
);
