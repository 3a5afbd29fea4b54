import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app';
import { api, registerCustomer, SessionClient } from '../../test-support/session-client';
import { signAccessToken, verifyAccessToken } from './access-token';
import { sessionKeys } from './session-keys';

type Cookie = {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
};
const cookiesOf = (res: { cookies: unknown[] }) =>
  Object.fromEntries((res.cookies as Cookie[]).map((c) => [c.name, c]));

describeEachDatabase('sessions: cookies, refresh rotation, logout', (ctx) => {
  it('sets the access, refresh and hint cookies with their paths, lifetimes and flags', async () => {
    // The access cookie lasts as long as the refresh token, not as its own token (900 s): an
    // expired token must still be sent, to be answered 401 and refreshed, never seen as a guest.
    const { app } = ctx();
    const { details } = await registerCustomer(app);
    const res = await app.inject({
      method: 'POST',
      url: api('/auth/login'),
      payload: { contact: details.email, password: details.password },
    });
    const cookies = cookiesOf(res);
    expect(cookies.access_token).toMatchObject({
      path: '/api',
      maxAge: 30 * 24 * 3600,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookies.refresh_token).toMatchObject({
      path: '/api/v1/auth',
      maxAge: 30 * 24 * 3600,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookies.sid_hint).toMatchObject({
      value: '1',
      path: '/',
      maxAge: 30 * 24 * 3600,
      sameSite: 'Lax',
    });
    expect(cookies.sid_hint!.httpOnly).toBeFalsy();
    for (const c of Object.values(cookies)) expect(c.secure).toBeFalsy();
    expect(JSON.stringify(res.json())).not.toContain(cookies.refresh_token!.value);
    expect(JSON.stringify(res.json())).not.toContain(cookies.access_token!.value);
  });

  it('says when the access token expires with every session it sets, and none when it ends it (decision 0080)', async () => {
    const { app } = ctx();
    const { client } = await registerCustomer(app);
    const before = Date.now();
    const refreshed = await client.post(api('/auth/refresh-token'));
    const expiresAt = Date.parse(String(refreshed.headers['access-token-expires-at']));
    expect(expiresAt).toBe(Date.parse(refreshed.json().data.accessTokenExpiresAt));
    // ACCESS_TOKEN_TTL_SECONDS, 900 s by default.
    expect(expiresAt - before).toBeGreaterThan(890_000);
    expect(expiresAt - before).toBeLessThanOrEqual(901_000);
    const out = await client.post(api('/auth/logout'));
    expect(out.headers['access-token-expires-at']).toBe('none');
  });

  it('requires a session for the profile: 401 without one, or with a forged or expired token', async () => {
    const { app, config } = ctx();
    const none = await app.inject({ method: 'GET', url: api('/user/profile') });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });

    const { user, client } = await registerCustomer(app);
    const key = sessionKeys(config).accessToken;
    const { sessionId } = verifyAccessToken(client.cookie('access_token')!, key)!;
    const session = { id: user.id, role: 'customer' as const, sessionId };
    const expired = signAccessToken(session, key, 60, new Date(Date.now() - 120_000));
    const forged = signAccessToken({ ...session, role: 'admin' }, Buffer.from('another key'), 60);
    const sessionless = signAccessToken({ id: user.id, role: 'customer' }, key, 60);
    const valid = signAccessToken(session, key, 60);
    for (const token of [
      expired.token,
      forged.token,
      sessionless.token,
      'garbage',
      `${valid.token}x`,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: api('/user/profile'),
        cookies: { access_token: token },
      });
      expect(res.statusCode).toBe(401);
    }
    const ok = await app.inject({
      method: 'GET',
      url: api('/user/profile'),
      cookies: { access_token: valid.token },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('rotates the refresh token on every use and stores only its hash', async () => {
    const { app, database } = ctx();
    const { client } = await registerCustomer(app);
    const first = client.cookie('refresh_token')!;

    const res = await client.post(api('/auth/refresh-token'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { accessTokenExpiresAt: expect.any(String) },
    });
    const second = client.cookie('refresh_token')!;
    expect(second).not.toBe(first);
    expect(cookiesOf(res).access_token!.value).toBeTruthy();
    expect(client.cookie('sid_hint')).toBe('1');
    expect((await client.get(api('/user/profile'))).statusCode).toBe(200);

    const rows = await database.query<{
      token_hash: string;
      rotated_at: Date | null;
      family_id: string;
    }>('select token_hash, rotated_at, family_id from refresh_tokens order by created_at');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.family_id).toBe(rows[1]!.family_id);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(first).digest('hex'));
    expect(rows[0]!.rotated_at).not.toBeNull();
    expect(rows[1]!.rotated_at).toBeNull();
    for (const row of rows) expect([first, second]).not.toContain(row.token_hash);

    // An empty body with a JSON content type is fine too, as the spec's client sends it.
    const again = await client.post(api('/auth/refresh-token'), undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same token within the grace window', async () => {
    const { app } = ctx();
    const { client } = await registerCustomer(app);
    const token = client.cookie('refresh_token')!;
    const tabA = await app.inject({
      method: 'POST',
      url: api('/auth/refresh-token'),
      cookies: { refresh_token: token },
    });
    const tabB = await app.inject({
      method: 'POST',
      url: api('/auth/refresh-token'),
      cookies: { refresh_token: token },
    });
    expect(tabA.statusCode).toBe(200);
    expect(tabB.statusCode).toBe(200);
    const a = cookiesOf(tabA).refresh_token!.value;
    const b = cookiesOf(tabB).refresh_token!.value;
    expect(a).not.toBe(b);
    for (const next of [a, b]) {
      const res = await app.inject({
        method: 'POST',
        url: api('/auth/refresh-token'),
        cookies: { refresh_token: next },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers 401 and clears the cookies without a refresh cookie, or with an unknown or expired one', async () => {
    const { app, database } = ctx();
    const none = await app.inject({ method: 'POST', url: api('/auth/refresh-token') });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 'SESSION_EXPIRED' });
    const cleared = cookiesOf(none);
    expect(Object.keys(cleared).sort()).toEqual(['access_token', 'refresh_token', 'sid_hint']);
    expect(cleared.access_token).toMatchObject({ value: '', maxAge: 0, path: '/api' });
    expect(cleared.refresh_token).toMatchObject({ value: '', maxAge: 0, path: '/api/v1/auth' });
    expect(cleared.sid_hint).toMatchObject({ value: '', maxAge: 0, path: '/' });

    const unknown = await app.inject({
      method: 'POST',
      url: api('/auth/refresh-token'),
      cookies: { refresh_token: 'not-a-token-we-issued' },
    });
    expect(unknown.statusCode).toBe(401);

    const { client } = await registerCustomer(app);
    await database.query(`update refresh_tokens set expires_at = now() - interval '1 second'`);
    const expired = await client.post(api('/auth/refresh-token'));
    expect(expired.statusCode).toBe(401);
    expect(client.cookie('sid_hint')).toBeUndefined();
  });

  it('logs out: revokes the refresh token family and clears the cookies', async () => {
    const { app, database } = ctx();
    const { client } = await registerCustomer(app);
    await client.post(api('/auth/refresh-token'));
    const refresh = client.cookie('refresh_token')!;
    const res = await client.post(api('/auth/logout'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been signed out.', data: null });
    // Every session cookie is gone; the device stays known to the account (decision 0014).
    expect([...client.cookies.keys()]).toEqual(['known_device']);
    const [open] = await database.query<{ n: number }>(
      'select count(*)::int as n from refresh_tokens where revoked_at is null',
    );
    expect(open!.n).toBe(0);
    const reuse = await app.inject({
      method: 'POST',
      url: api('/auth/refresh-token'),
      cookies: { refresh_token: refresh },
    });
    expect(reuse.statusCode).toBe(401);
    // Logging out with no session is fine too.
    const again = await app.inject({ method: 'POST', url: api('/auth/logout') });
    expect(again.statusCode).toBe(200);
  });

  it('ends the access token with its session at sign-out; the other devices stay signed in', async () => {
    const { app } = ctx();
    const { client, details } = await registerCustomer(app);
    const laptop = new SessionClient(app);
    await laptop.post(api('/auth/login'), { contact: details.email, password: details.password });
    const profile = (access: string) =>
      app.inject({ method: 'GET', url: api('/user/profile'), cookies: { access_token: access } });
    const phoneAccess = client.cookie('access_token')!;
    expect((await profile(phoneAccess)).statusCode).toBe(200);

    await client.post(api('/auth/logout'));
    // A copy of the signed-out token is refused at once, though it has not expired.
    expect((await profile(phoneAccess)).statusCode).toBe(401);
    const laptopAccess = laptop.cookie('access_token')!;
    expect((await profile(laptopAccess)).statusCode).toBe(200);
  });

  it("signs out on every other device at the buyer's asking, and keeps this one signed in", async () => {
    const { app } = ctx();
    const { client: laptop, details } = await registerCustomer(app);
    const signIn = async () => {
      const device = new SessionClient(app);
      await device.post(api('/auth/login'), { contact: details.email, password: details.password });
      return device;
    };
    const [phone, tablet] = [await signIn(), await signIn()];
    const other = await registerCustomer(app);

    expect((await app.inject({ method: 'POST', url: api('/auth/logout-others') })).statusCode).toBe(
      401,
    );
    const ended = await laptop.post(api('/auth/logout-others'));
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().message).toBe('You have been signed out on your other devices.');

    for (const device of [phone, tablet]) {
      expect((await device.get(api('/user/profile'))).statusCode).toBe(401);
      expect((await device.post(api('/auth/refresh-token'))).statusCode).toBe(401);
    }
    expect((await laptop.get(api('/user/profile'))).statusCode).toBe(200);
    expect((await laptop.post(api('/auth/refresh-token'))).statusCode).toBe(200);
    // Another account's sessions are not touched.
    expect((await other.client.get(api('/user/profile'))).statusCode).toBe(200);
  });

  it('refuses state-changing calls from another site', async () => {
    const { app } = ctx();
    const foreign = await app.inject({
      method: 'POST',
      url: api('/auth/logout'),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const ours = await app.inject({
      method: 'POST',
      url: api('/auth/logout'),
      headers: { origin: 'http://store.test' },
    });
    expect(ours.statusCode).toBe(200);
  });

  it('refuses them from another site however the path is spelled', async () => {
    const { app } = ctx();
    const { client } = await registerCustomer(app);
    const refreshToken = client.cookie('refresh_token')!;
    // The router decodes the path: `/%61pi/...` reaches the logout route.
    for (const url of ['/%61pi/v1/auth/logout', '/api/v1/auth/logout?x=/%61pi']) {
      const foreign = await app.inject({
        method: 'POST',
        url,
        cookies: { refresh_token: refreshToken },
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.statusCode, url).toBe(403);
    }
    // The session was not ended.
    expect((await client.post(api('/auth/refresh-token'))).statusCode).toBe(200);
  });
});

describeEachDatabase(
  'refresh token reuse after the grace window',
  (ctx) => {
    it('revokes the whole family when a rotated token is used again', async () => {
      const { app, database } = ctx();
      const { client } = await registerCustomer(app);
      const stolen = client.cookie('refresh_token')!;
      expect((await client.post(api('/auth/refresh-token'))).statusCode).toBe(200);

      const replay = await app.inject({
        method: 'POST',
        url: api('/auth/refresh-token'),
        cookies: { refresh_token: stolen },
      });
      expect(replay.statusCode).toBe(401);
      expect(cookiesOf(replay).refresh_token).toMatchObject({ value: '', maxAge: 0 });

      // The legitimate holder's newer token is revoked too.
      const legit = await client.post(api('/auth/refresh-token'));
      expect(legit.statusCode).toBe(401);
      const [open] = await database.query<{ n: number }>(
        'select count(*)::int as n from refresh_tokens where revoked_at is null',
      );
      expect(open!.n).toBe(0);
    });

    it('leaves the other sessions of the user alone', async () => {
      const { app } = ctx();
      const { client, details } = await registerCustomer(app);
      const other = new SessionClient(app);
      await other.post(api('/auth/login'), { contact: details.email, password: details.password });
      const stolen = client.cookie('refresh_token')!;
      await client.post(api('/auth/refresh-token'));
      await app.inject({
        method: 'POST',
        url: api('/auth/refresh-token'),
        cookies: { refresh_token: stolen },
      });
      expect((await other.post(api('/auth/refresh-token'))).statusCode).toBe(200);
    });
  },
  { env: { REFRESH_REUSE_GRACE_SECONDS: '0' } },
);

describeEachDatabase(
  'cookies for a split deployment',
  (ctx) => {
    it('uses SameSite=None and Secure when configured so', async () => {
      const { app } = ctx();
      const { details } = await registerCustomer(app);
      const res = await app.inject({
        method: 'POST',
        url: api('/auth/login'),
        payload: { contact: details.email, password: details.password },
      });
      for (const cookie of Object.values(cookiesOf(res))) {
        expect(cookie).toMatchObject({ sameSite: 'None', secure: true });
      }
      expect(res.headers['set-cookie']!.toString()).toContain('Secure');
    });
  },
  { env: { COOKIE_SAMESITE: 'none', CORS_ORIGINS: 'https://shop.example.com' } },
);
