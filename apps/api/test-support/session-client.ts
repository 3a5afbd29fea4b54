import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';
import type { OutboxMessage } from '../src/notify/dev-outbox';

export type RequestOptions = Omit<InjectOptions, 'url' | 'path'> & { url: string };
export type ExtraOptions = Omit<InjectOptions, 'url' | 'path' | 'method' | 'payload'>;

interface StoredCookie {
  value: string;
  path: string;
}

/**
 * A tiny browser for API tests: keeps the cookies the server sets (honouring their paths and
 * deletions) and sends them back, since `app.inject` carries none by itself.
 */
export class SessionClient {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly app: App,
    private readonly defaults: ExtraOptions = {},
  ) {}

  async request(options: RequestOptions): Promise<LightMyRequestResponse> {
    const path = options.url.split('?')[0]!;
    const cookies: Record<string, string> = {};
    for (const [name, cookie] of this.cookies) {
      if (
        path === cookie.path ||
        path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)
      ) {
        cookies[name] = cookie.value;
      }
    }
    const res = await this.app.inject({
      ...this.defaults,
      ...options,
      cookies: { ...cookies, ...options.cookies },
    } as InjectOptions);
    this.remember(res);
    return res;
  }

  remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const gone =
        c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  post(url: string, payload?: unknown, extra: ExtraOptions = {}) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...extra,
    });
  }

  get(url: string, extra: ExtraOptions = {}) {
    return this.request({ method: 'GET', url, ...extra });
  }

  put(url: string, payload?: unknown) {
    return this.withBody('PUT', url, payload);
  }

  patch(url: string, payload?: unknown) {
    return this.withBody('PATCH', url, payload);
  }

  private withBody(method: 'PUT' | 'PATCH', url: string, payload: unknown) {
    return this.request({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

export const api = (path: string) => `/api/v1${path}`;

export async function outbox(app: App, to: string): Promise<OutboxMessage[]> {
  const res = await app.inject({
    method: 'GET',
    url: api(`/dev/outbox?to=${encodeURIComponent(to)}`),
  });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return res.json().data.messages;
}

/** The code in the newest message to this address. */
export async function latestOtp(app: App, to: string): Promise<string> {
  const [message] = await outbox(app, to);
  if (!message?.otp) throw new Error(`no code was sent to ${to}`);
  return message.otp;
}

/**
 * Changes the signed-in account's e-mail or mobile through the API, with the code the dev outbox
 * shows was sent to it; throws unless both steps answer 200.
 */
export async function changeContact(
  app: App,
  client: SessionClient,
  contact: { email: string } | { mobile: string },
): Promise<void> {
  const sent = await client.post(api('/user/contact-change'), contact);
  if (sent.statusCode !== 200) throw new Error(`contact-change answered ${sent.body}`);
  const to = 'email' in contact ? contact.email : contact.mobile;
  const verified = await client.post(api('/user/contact-change/verify'), {
    ...contact,
    otp: await latestOtp(app, to),
  });
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.body}`);
}

/** The two codes of a registration: `otp` from the SMS, `emailOtp` from the e-mail. */
export async function registrationCodes(app: App, to: { email: unknown; mobile: unknown }) {
  return {
    otp: await latestOtp(app, String(to.mobile)),
    emailOtp: await latestOtp(app, String(to.email).trim().toLowerCase()),
  };
}

let counter = 0;
/** Registration details that pass every rule; unique per call. */
export function newCustomer(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = String(counter).padStart(4, '0');
  return {
    name: 'Asha Verma',
    email: `asha.${suffix}@example.com`,
    mobile: `98765${String(10000 + counter).slice(-5)}`,
    password: 'correct horse battery',
    accountType: 'Individual',
    getWhatsappUpdate: true,
    acceptTermsAndConditions: true,
    ...overrides,
  };
}

/** Registers and verifies through the API; the client ends signed in. */
export async function registerCustomer(app: App, overrides: Record<string, unknown> = {}) {
  const client = new SessionClient(app);
  const details = newCustomer(overrides);
  const registered = await client.post(api('/auth/register'), details);
  if (registered.statusCode !== 200)
    throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const verified = await client.post(api('/auth/verify-otp'), {
    email: details.email,
    mobile: details.mobile,
    ...(await registrationCodes(app, details)),
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  return { client, details, user: verified.json().data.user as { id: string; role: string } };
}

/**
 * Saves a profile address in Delhi (the test store's state, so no tax changes) for a buyer who
 * registered through the API: an invoice of ₹50,000 or more names one (decision 0106).
 */
export async function saveAddress(client: SessionClient) {
  const saved = await client.put(api('/user/address'), {
    line1: '12 MG Road',
    city: 'New Delhi',
    state: 'Delhi',
    pinCode: '110001',
  });
  if (saved.statusCode !== 200)
    throw new Error(`address answered ${saved.statusCode}: ${saved.body}`);
}
