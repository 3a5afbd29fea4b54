import { expect, it } from 'vitest';
import { signedIn, staffMember } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

describeEachDatabase(
  'support enquiry calls',
  (ctx) => {
    const send = (topic: string, email: string) =>
      ctx().app.inject({
        method: 'POST',
        url: api('/enquiries'),
        payload: {
          name: 'Ravi Kulkarni',
          mobile: '9876543210',
          email,
          topic,
          message: 'Please call me about a mirror number for my shop.',
        },
      });

    it('answers 401 to visitors and 403 to customers', async () => {
      const customer = await signedIn(ctx().app);
      for (const [method, url] of [
        ['GET', '/admin/enquiries'],
        ['PATCH', '/admin/enquiries/00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const payload = method === 'PATCH' ? { status: 'closed' } : undefined;
        const visitor = await ctx().app.inject({ method, url: api(url), payload });
        expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
        const res = await customer.client.request({ method, url: api(url), payload });
        expect(res.statusCode, `customer ${method} ${url}`).toBe(403);
      }
    });

    it('lists enquiries newest first, filters them and moves one along', async () => {
      const first = (await send('vip-number', 'first@example.com')).json().data.id;
      const second = (await send('career', 'second@example.com')).json().data.id;
      const staff = await staffMember(ctx().app);

      const all = (await staff.client.get(api('/admin/enquiries'))).json().data;
      expect(all.total).toBe(2);
      expect(all.enquiries.map((e: { id: string }) => e.id)).toEqual([second, first]);
      expect(all.enquiries[1]).toMatchObject({
        name: 'Ravi Kulkarni',
        email: 'first@example.com',
        topic: 'vip-number',
        status: 'new',
      });

      const careers = (await staff.client.get(api('/admin/enquiries?topic=career'))).json().data;
      expect(careers.enquiries.map((e: { id: string }) => e.id)).toEqual([second]);

      const moved = await staff.client.request({
        method: 'PATCH',
        url: api(`/admin/enquiries/${first}`),
        payload: { status: 'in_progress' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.status).toBe('in_progress');
      const open = (await staff.client.get(api('/admin/enquiries?status=new'))).json().data;
      expect(open.enquiries.map((e: { id: string }) => e.id)).toEqual([second]);
    });

    it('answers 400 for a bad filter or status and 404 for an unknown enquiry', async () => {
      const staff = await staffMember(ctx().app);
      expect((await staff.client.get(api('/admin/enquiries?status=lost'))).statusCode).toBe(400);
      const id = (await send('general', 'third@example.com')).json().data.id;
      const bad = await staff.client.request({
        method: 'PATCH',
        url: api(`/admin/enquiries/${id}`),
        payload: { status: 'archived' },
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await staff.client.request({
        method: 'PATCH',
        url: api('/admin/enquiries/00000000-0000-4000-8000-000000000000'),
        payload: { status: 'closed' },
      });
      expect(unknown.statusCode).toBe(404);
      const notAnId = await staff.client.request({
        method: 'PATCH',
        url: api('/admin/enquiries/42'),
        payload: { status: 'closed' },
      });
      expect(notAnId.statusCode).toBe(400);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
