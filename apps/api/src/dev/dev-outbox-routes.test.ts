import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { describeEachDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
import { api } from '../../test-support/session-client';

describeEachDatabase('GET /api/v1/dev/outbox', (ctx) => {
  it('lists the messages to one address, newest first, in the documented shape', async () => {
    const { app } = ctx();
    await app.notifier.send({
      channel: 'sms',
      to: '9876543210',
      text: 'first 111111',
      otp: '111111',
    });
    await app.notifier.send({
      channel: 'email',
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'an e-mail',
    });
    await app.notifier.send({ channel: 'sms', to: '9876543210', text: 'second, no code' });

    const res = await app.inject({
      method: 'GET',
      url: api('/dev/outbox?to=%2B91%2098765%2043210'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['success', 'data']);
    expect(body.success).toBe(true);
    expect(body.data.messages).toEqual([
      {
        id: expect.any(String),
        channel: 'sms',
        to: '9876543210',
        subject: null,
        text: 'second, no code',
        html: null,
        otp: null,
        attachments: [],
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        channel: 'sms',
        to: '9876543210',
        subject: null,
        text: 'first 111111',
        html: null,
        otp: '111111',
        attachments: [],
        createdAt: expect.any(String),
      },
    ]);
    const [newer, older] = body.data.messages;
    expect(new Date(newer.createdAt).getTime()).toBeGreaterThanOrEqual(
      new Date(older.createdAt).getTime(),
    );
    expect(newer.createdAt).toBe(new Date(newer.createdAt).toISOString());

    const mail = await app.inject({
      method: 'GET',
      url: api('/dev/outbox?to=SomeOne@Example.com'),
    });
    expect(mail.json().data.messages).toEqual([
      expect.objectContaining({ channel: 'email', to: 'someone@example.com', subject: 'Hello' }),
    ]);
    // The e-mail's HTML part as it was sent, made from its text.
    expect(mail.json().data.messages[0].html).toMatch(
      /^<!doctype html>[\s\S]*<p[^>]*>an e-mail<\/p>/i,
    );
    const all = await app.inject({ method: 'GET', url: api('/dev/outbox') });
    expect(all.json().data.messages).toHaveLength(3);
    const nobody = await app.inject({
      method: 'GET',
      url: api('/dev/outbox?to=nobody@example.com'),
    });
    expect(nobody.json()).toEqual({ success: true, data: { messages: [] } });
  });
});

describeEachDatabase('the dev outbox from another machine', (ctx) => {
  it('answers only a loopback client that no proxy forwarded: 403 to any other', async () => {
    const { app } = ctx();
    await app.notifier.send({
      channel: 'sms',
      to: '9876543210',
      text: 'code 111111',
      otp: '111111',
    });
    const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: api('/dev/outbox'), remoteAddress, headers });

    for (const loopback of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const res = await ask(loopback);
      expect(res.statusCode, loopback).toBe(200);
      expect(res.json().data.messages).toHaveLength(1);
    }
    for (const other of ['203.0.113.9', '10.0.0.5', '192.168.1.20', '::ffff:203.0.113.9']) {
      const res = await ask(other);
      expect(res.statusCode, other).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: expect.stringContaining('only requests from this machine'),
      });
      expect(res.body).not.toContain('111111');
    }
    // nginx on the same machine connects from loopback on behalf of anyone.
    for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded']) {
      const res = await ask('127.0.0.1', { [header]: '203.0.113.9' });
      expect(res.statusCode, header).toBe(403);
    }
  });
});

describe('the dev outbox in production', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }), {
      database: await sharedDatabase(),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('does not exist: 404', async () => {
    const res = await app.inject({ method: 'GET', url: api('/dev/outbox?to=9876543210') });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
    expect(app.printRoutes()).not.toContain('outbox');
  });

  it('keeps no copy of the messages sent', async () => {
    const database = await sharedDatabase();
    const [before] = await database.query<{ n: number }>(
      'select count(*)::int as n from dev_outbox',
    );
    await app.notifier.send({
      channel: 'sms',
      to: '9876543210',
      text: 'code 123456',
      otp: '123456',
    });
    const [after] = await database.query<{ n: number }>(
      'select count(*)::int as n from dev_outbox',
    );
    expect(after!.n).toBe(before!.n);
  });
});
