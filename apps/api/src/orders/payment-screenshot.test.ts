import { expect, it } from 'vitest';
import { multipartFile } from '../../test-support/csv-upload';
import { buyerWithOrder, staffMember, withSalesInventory } from '../../test-support/sales';
import { api } from '../../test-support/session-client';
import { describeEachDatabase } from '../../test-support/test-app';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR and the rest of a small image'),
]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

describeEachDatabase(
  'the payment screenshot of "I have paid"',
  (ctx) => {
    const { id } = withSalesInventory(ctx);

    const upload = (
      buyer: Awaited<ReturnType<typeof buyerWithOrder>>,
      content: Buffer,
      options: Parameters<typeof multipartFile>[1] = {},
    ) =>
      buyer.client.request({
        method: 'PUT',
        url: api(`/orders/${buyer.order.id}/payment-submission/screenshot`),
        ...multipartFile(content, { fileName: 'paid.png', type: 'image/png', ...options }),
      });

    it('is taken after the UTR, kept in the database, and shown to staff as it was sent', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      const early = await upload(buyer, png);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('NO_PAYMENT_SUBMITTED');

      const submitted = await buyer.client.post(
        api(`/orders/${buyer.order.id}/payment-submission`),
        { utr: '412345678901' },
      );
      expect(submitted.json().data.payment.submitted.screenshot).toBe(false);
      const res = await upload(buyer, png);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.payment.submitted).toMatchObject({
        utr: '412345678901',
        screenshot: true,
      });

      const staff = await staffMember(ctx().app);
      const shown = await staff.client.get(
        api(`/admin/orders/${buyer.order.id}/payment-screenshot`),
      );
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/png');
      expect(shown.headers['content-disposition']).toBe(
        `inline; filename="payment-${buyer.order.reference}.png"`,
      );
      expect(shown.rawPayload.equals(png)).toBe(true);

      // A PDF sent as "photo.jpg" is a PDF, and replaces the image.
      expect(
        (await upload(buyer, pdf, { fileName: 'photo.jpg', type: 'image/jpeg' })).statusCode,
      ).toBe(200);
      const replaced = await staff.client.get(
        api(`/admin/orders/${buyer.order.id}/payment-screenshot`),
      );
      expect(replaced.headers['content-type']).toBe('application/pdf');
      expect(replaced.rawPayload.equals(pdf)).toBe(true);

      // Only staff see it.
      const asBuyer = await buyer.client.get(
        api(`/admin/orders/${buyer.order.id}/payment-screenshot`),
      );
      expect(asBuyer.statusCode).toBe(403);

      // Rejecting the UTR takes the screenshot with it.
      const rejected = await staff.client.post(
        api(`/admin/orders/${buyer.order.id}/payment-submission/reject`),
        { reason: 'No such credit in our account' },
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      const gone = await staff.client.get(
        api(`/admin/orders/${buyer.order.id}/payment-screenshot`),
      );
      expect(gone.statusCode).toBe(404);
    });

    it('refuses what is not a JPEG, PNG or PDF by its bytes, a file over 5 MB, and a body that is not multipart', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await buyer.client.post(api(`/orders/${buyer.order.id}/payment-submission`), {
        utr: '412345678902',
      });
      const disguised = await upload(buyer, Buffer.from('<svg onload="alert(1)"></svg>'));
      expect(disguised.statusCode).toBe(415);
      expect(disguised.json()).toMatchObject({
        code: 'UNSUPPORTED_FILE',
        message: 'The screenshot must be a JPEG or PNG image or a PDF file.',
      });

      const large = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await upload(buyer, large);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toBe('The screenshot must be at most 5 MB.');
      // Exactly 5 MB is taken.
      const largest = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
      expect((await upload(buyer, largest)).statusCode).toBe(200);

      const json = await buyer.client.request({
        method: 'PUT',
        url: api(`/orders/${buyer.order.id}/payment-submission/screenshot`),
        payload: { file: 'not a file' },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().message).toBe(
        'Send the screenshot as multipart/form-data in the field "file".',
      );
      const wrongField = await upload(buyer, png, { field: 'photo' });
      expect(wrongField.statusCode).toBe(400);
    });

    it('answers an upload cut off inside the file with 400, and keeps nothing', async () => {
      const buyer = await buyerWithOrder(ctx().app, [id('9876598765')]);
      await buyer.client.post(api(`/orders/${buyer.order.id}/payment-submission`), {
        utr: '412345678903',
      });
      const cutOff = await upload(buyer, png, { cutOff: true });
      expect(cutOff.statusCode, cutOff.body).toBe(400);
      expect(cutOff.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message:
          'The upload could not be read as multipart/form-data (it ended inside the file): send the screenshot in the field "file".',
      });
      const order = await buyer.client.get(api(`/orders/${buyer.order.id}`));
      expect(order.json().data.payment.submitted.screenshot).toBe(false);
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
