import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWhatsapp } from '../../test-support/fake-whatsapp';
import { loadConfig } from '../config/config';
import type { Database } from '../db/database';
import { createNotifier } from './notifier';
import { createWhatsappCloudSender, WhatsappDeliveryError } from './whatsapp-cloud-sender';

const token = 'test-whatsapp-token-not-real';
const fake = await startFakeWhatsapp(token);
afterAll(() => fake.close());
beforeEach(() => {
  fake.messages.length = 0;
});

const templates = {
  payment_received: 'vip_payment_received',
  upc_sent: 'vip_upc_sent',
  porting_update: 'vip_porting_update',
  order_update: 'vip_order_update',
};

const sender = (options: { apiBase?: string; token?: string } = {}) =>
  createWhatsappCloudSender({
    token: options.token ?? token,
    phoneNumberId: '106540352242922',
    apiBase: options.apiBase ?? fake.base,
    templates,
    language: 'en',
    timeoutMs: 5_000,
  });

const upcMessage = {
  channel: 'whatsapp' as const,
  to: '9876543210',
  text: 'Hello Asha, the UPC for your number 98765 98765 ...',
  template: {
    kind: 'upc_sent' as const,
    parameters: ['Asha', '98765 98765', 'VN-20261125-7K3Q9MZA', 'AB12CD34', '28 Nov 2026'],
  },
};

describe('the WhatsApp Cloud API adapter', () => {
  it('posts the approved template of the message kind with its body parameters', async () => {
    await sender().send(upcMessage);
    expect(fake.messages).toHaveLength(1);
    const [message] = fake.messages;
    expect(message!.phoneNumberId).toBe('106540352242922');
    expect(message!.authorization).toBe(`Bearer ${token}`);
    expect(message!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'vip_upc_sent',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: upcMessage.template.parameters.map((text) => ({ type: 'text', text })),
          },
        ],
      },
    });
  });

  it('rejects a message without a template, a refusal and an unreachable API', async () => {
    await expect(
      sender().send({ channel: 'whatsapp', to: '9876543210', text: 'free text' }),
    ).rejects.toBeInstanceOf(WhatsappDeliveryError);
    fake.failNext(400, 'Template name does not exist in the translation');
    await expect(sender().send(upcMessage)).rejects.toThrow(
      /HTTP 400\): Template name does not exist/,
    );
    await expect(sender({ token: 'wrong' }).send(upcMessage)).rejects.toThrow(/HTTP 401/);
    await expect(sender({ apiBase: 'http://127.0.0.1:1/v23.0' }).send(upcMessage)).rejects.toThrow(
      /could not be reached/,
    );
    expect(fake.messages).toHaveLength(0);
  });

  it('is what the notifier uses with WHATSAPP_PROVIDER=cloud, templates named by the settings', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'silent',
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_TOKEN: token,
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_API_BASE: fake.base,
      WHATSAPP_TEMPLATE_LANGUAGE: 'en_US',
      WHATSAPP_TEMPLATE_PAYMENT_RECEIVED: 'vip_paid',
      WHATSAPP_TEMPLATE_UPC_SENT: 'vip_upc',
      WHATSAPP_TEMPLATE_PORTING_UPDATE: 'vip_porting',
      WHATSAPP_TEMPLATE_ORDER_UPDATE: 'vip_order',
    });
    // Production keeps no outbox: the database is never touched.
    const notifier = createNotifier({
      config,
      database: {} as Database,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    await notifier.send(upcMessage);
    expect(notifier.delivers?.('whatsapp')).toBe(true);
    expect(fake.messages.map((m) => [m.body.template?.name, m.body.template?.language])).toEqual([
      ['vip_upc', { code: 'en_US' }],
    ]);
  });
});
