import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { resetDatabase, sharedDatabase, testConfig } from '../../test-support/test-app';
import { api, latestOtp, registerCustomer, SessionClient } from '../../test-support/session-client';
import { currentUser, requireAdmin, requireStaff, requireUser } from './guards';

describe('requireUser, requireStaff and requireAdmin', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig(), { database: await sharedDatabase() });
    await app.register(
      async (scope) => {
        scope.get('/guarded/user', { preHandler: requireUser }, async (request) => ({
          success: true,
          data: currentUser(request),
        }));
        scope.get('/guarded/staff', { preHandler: requireStaff }, async (request) => ({
          success: true,
          data: currentUser(request),
        }));
        scope.get('/guarded/admin', { preHandler: requireAdmin }, async () => ({
          success: true,
          data: null,
        }));
      },
      { prefix: '/api/v1' },
    );
    await app.ready();
  });
  beforeEach(async () => resetDatabase(await sharedDatabase()));
  afterAll(() => app.close());

  async function signInStaff(role: 'support' | 'admin', mobile: string) {
    await app.services.users.createStaffAccount({
      name: `A ${role}`,
      email: `${role}@store.test`,
      mobile,
      role,
    });
    const client = new SessionClient(app);
    await client.post(api('/auth/sign-in'), { mobile });
    const res = await client.post(api('/auth/verify-otp'), {
      mobile,
      otp: await latestOtp(app, mobile),
    });
    expect(res.json().data.user.role).toBe(role);
    return client;
  }

  it('answers 401 to visitors', async () => {
    for (const path of ['/guarded/user', '/guarded/staff', '/guarded/admin']) {
      const res = await app.inject({ method: 'GET', url: api(path) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('lets customers in as users but answers 403 for staff and admin routes', async () => {
    const { client, user } = await registerCustomer(app);
    const me = await client.get(api('/guarded/user'));
    expect(me.json()).toEqual({
      success: true,
      data: { id: user.id, role: 'customer', sessionId: expect.any(String) },
    });
    expect((await client.get(api('/guarded/staff'))).statusCode).toBe(403);
    expect((await client.get(api('/guarded/admin'))).statusCode).toBe(403);
  });

  it('lets support staff into staff routes, and only admins into admin routes', async () => {
    const support = await signInStaff('support', '9000000101');
    expect((await support.get(api('/guarded/staff'))).json().data.role).toBe('support');
    expect((await support.get(api('/guarded/admin'))).statusCode).toBe(403);
    const admin = await signInStaff('admin', '9000000102');
    expect((await admin.get(api('/guarded/staff'))).statusCode).toBe(200);
    expect((await admin.get(api('/guarded/admin'))).statusCode).toBe(200);
  });
});
