import { expect, it } from 'vitest';
import { signedIn, staffMember } from '../../test-support/sales';
import { describeEachDatabase } from '../../test-support/test-app';
import { ADMINISTRATORS_ONLY } from './admin-schemas';

interface Operation {
  tags?: string[];
}

describeEachDatabase('the console guard', (ctx) => {
  /** Every console call in the API document, with its path parameters filled in. */
  async function consoleCalls() {
    const doc = (await ctx().app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const calls: { method: string; url: string; adminOnly: boolean }[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/admin/')) continue;
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const [method, operation] of Object.entries(operations)) {
        const adminOnly = (operation.tags ?? []).includes(ADMINISTRATORS_ONLY);
        calls.push({ method: method.toUpperCase(), url, adminOnly });
      }
    }
    return calls;
  }

  it('answers every console call with 401 to visitors and 403 to customers', async () => {
    const calls = await consoleCalls();
    expect(calls.length).toBeGreaterThan(4);
    const customer = await signedIn(ctx().app);
    for (const { method, url } of calls) {
      const visitor = await ctx().app.inject({ method: method as 'GET', url });
      expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
      expect(visitor.json().success).toBe(false);
      const asCustomer = await customer.client.request({ method: method as 'GET', url });
      expect(asCustomer.statusCode, `customer ${method} ${url}`).toBe(403);
      expect(asCustomer.json().message).toBe('This is for the support team only.');
    }
  });

  it('answers administrators-only calls with 403 to support and lets administrators through', async () => {
    const calls = (await consoleCalls()).filter((call) => call.adminOnly);
    expect(calls.map((call) => call.url)).toContain('/api/v1/admin/audit');
    const support = await staffMember(ctx().app, 'support');
    const admin = await staffMember(ctx().app, 'admin');
    for (const { method, url } of calls) {
      const asSupport = await support.client.request({ method: method as 'GET', url });
      expect(asSupport.statusCode, `support ${method} ${url}`).toBe(403);
      expect(asSupport.json().message).toBe('This is for administrators only.');
      const asAdmin = await admin.client.request({ method: method as 'GET', url });
      expect(asAdmin.statusCode, `admin ${method} ${url}`).not.toBe(403);
      expect(asAdmin.statusCode, `admin ${method} ${url}`).not.toBe(401);
    }
  });
});
