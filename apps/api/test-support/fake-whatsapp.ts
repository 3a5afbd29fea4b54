import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeWhatsappMessage {
  phoneNumberId: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: {
      name?: string;
      language?: { code?: string };
      components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
    };
  };
}

export interface FakeWhatsapp {
  /** e.g. http://127.0.0.1:41234/v23.0, for WHATSAPP_API_BASE */
  base: string;
  /** Every message accepted, in order. */
  messages: FakeWhatsappMessage[];
  /** The next message answers this Graph API error (e.g. 400, an unapproved template). */
  failNext(status: number, message: string): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for Meta's WhatsApp Cloud API (POST /v23.0/{phone-number-id}/messages) for
 * tests: it checks the bearer token and that a template message names its template, and
 * answers like the Graph API. Listens on 127.0.0.1 on a free port.
 */
export async function startFakeWhatsapp(token: string): Promise<FakeWhatsapp> {
  const messages: FakeWhatsappMessage[] = [];
  let failure: { status: number; message: string } | undefined;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const phoneNumberId = /^\/v23\.0\/(\d+)\/messages$/.exec(req.url ?? '')?.[1];
      if (req.method !== 'POST' || !phoneNumberId) {
        return send(res, 404, { error: { message: 'Unknown path', code: 100 } });
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        return send(res, 401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      }
      if (failure) {
        const { status, message } = failure;
        failure = undefined;
        return send(res, status, { error: { message, code: 132001 } });
      }
      const body = JSON.parse(raw || '{}') as FakeWhatsappMessage['body'];
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'template' ||
        !body.template?.name
      ) {
        return send(res, 400, { error: { message: 'Invalid parameter', code: 100 } });
      }
      messages.push({ phoneNumberId, authorization: req.headers.authorization, body });
      send(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(12).toString('hex')}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v23.0`,
    messages,
    failNext(status, message) {
      failure = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
