import {
  normalizeUpc,
  normalizeUtr,
  orderStatuses,
  overdueReasons,
  paymentStatuses,
  portingStatuses,
  REFUND_REFERENCE_SHAPE,
} from '@store/domain';
import { z } from 'zod';
import { numberIdText } from '../catalog/catalog-schemas';
import { oneLine } from '../http/one-line';
import { pageQuery, searchQuery } from '../http/paging';
import { paymentRecordSchema } from '../payments/payment-schemas';
import {
  absentWhenEmpty,
  apiAddressSchema,
  apiUserSchema,
  billingBody,
  companyNameField,
  gstinField,
} from '../users/user-schemas';

/** A refund's reference as the buyer and staff see it (decision 0054). */
const refundReferenceView = z
  .string()
  .nullable()
  .describe(
    "The refund's reference: Razorpay's refund id, or the UTR / bank reference of a refund our team paid back by hand; null when none was given",
  );

const rupees = z.number().describe('Rupees, at most two decimals');

const day = z.string().describe('A calendar day, YYYY-MM-DD');

const portingStepSchema = z.object({
  status: z.enum(portingStatuses),
  label: z.string(),
  upcCode: z.string().nullable().describe('With upc_sent: the UPC sent'),
  upcExpiresOn: day.nullable(),
  note: z.string().nullable(),
  at: z.string().describe('ISO time'),
  by: z.string().nullable().describe('The staff member who recorded the step'),
});

const portingSchema = z
  .object({
    status: z.enum(portingStatuses),
    label: z.string(),
    upcCode: z
      .string()
      .nullable()
      .describe('The Unique Porting Code sent for this number (8 letters and digits)'),
    upcExpiresOn: day.nullable().describe('The last day the UPC is valid'),
    steps: z.array(portingStepSchema).describe("This number's porting history, oldest first"),
  })
  .describe(
    "This number's porting once the order is paid: awaiting_upc -> upc_sent -> porting_in_progress -> ported",
  );

/** A refund transfer as the buyer sees it. */
const refundTransferSchema = z.object({
  amount: rupees.describe('What went back'),
  at: z.string().describe('ISO time the refund was made'),
  method: z
    .enum(['razorpay', 'manual'])
    .describe('razorpay: through Razorpay; manual: paid back by staff'),
  reference: refundReferenceView,
  creditNote: z
    .string()
    .nullable()
    .describe('The file of its credit note: GET …/credit-notes/{file}; null without an invoice'),
});

const orderItemSchema = z.object({
  numberId: z.number().int(),
  number: z.string(),
  display: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  price: rupees.describe('What the buyer pays for this number before tax, in rupees'),
  basePrice: rupees.describe('The list price at checkout, in rupees'),
  porting: portingSchema,
  refund: refundTransferSchema
    .extend({ amount: rupees.describe("This number's share of what the buyer paid, paid back") })
    .nullable()
    .describe(
      'This number was refunded alone (its porting failed): no longer carried on, the order follows its other numbers; null otherwise',
    ),
});

const orderAmountsSchema = z.object({
  subtotal: rupees,
  tdsPercent: z.number(),
  tdsDeducted: rupees,
  taxable: rupees,
  taxPercent: z.number(),
  cgstPercent: z.number(),
  cgstAmount: rupees,
  sgstPercent: z.number(),
  sgstAmount: rupees,
  igstPercent: z.number().describe('To another state: the whole GST as IGST (CGST and SGST 0)'),
  igstAmount: rupees,
  placeOfSupply: z
    .string()
    .nullable()
    .describe(
      "The state supplied to (billing state, else the store's); null on orders before it was kept",
    ),
  totalAmount: rupees.describe('subtotal + GST - TDS (orders before 0009: taxable + GST)'),
});

const billingSchema = apiUserSchema
  .pick({
    name: true,
    email: true,
    mobile: true,
    accountType: true,
    companyName: true,
    gstinNo: true,
  })
  .extend({ address: apiAddressSchema.nullable() });

const orderPaymentSchema = z.object({
  provider: z.string().describe('manual or razorpay'),
  status: z
    .enum(paymentStatuses)
    .describe(
      'pending (hold live), expired (hold lapsed, unpaid), paid, cancelled (unpaid), refund_due, refunded',
    ),
  paymentReference: z.string().nullable().describe('The UPI/bank or Razorpay payment reference'),
  instructions: z
    .object({
      upiId: z
        .string()
        .nullable()
        .describe('null when the amount is over upiLimit: bank transfer only'),
      upiLimit: rupees.describe(
        'The most UPI is offered for (PAYMENT_UPI_MAX_RUPEES; most banks cap one UPI payment at ₹1,00,000)',
      ),
      bankDetails: z.string(),
      reference: z.string().describe('Quote this with the transfer'),
      amount: rupees,
    })
    .optional()
    .describe('manual: how to pay; only while the order awaits payment'),
  submitted: z
    .object({
      utr: z.string(),
      at: z.string().describe('ISO time'),
      screenshot: z
        .boolean()
        .describe(
          'A screenshot of the payment was attached (staff: GET /admin/orders/{id}/payment-screenshot)',
        ),
    })
    .optional()
    .describe(
      '"I have paid": the UTR the buyer submitted, while staff verify it (the hold is extended meanwhile); absent otherwise',
    ),
  upiLink: z
    .string()
    .optional()
    .describe(
      'manual, while the order awaits payment and its amount is at most upiLimit: upi://pay?pa=&pn=&am=&tn=&cu=INR with the exact amount (two decimals) and the order reference (tn)',
    ),
  razorpay: z
    .object({
      keyId: z.string(),
      orderId: z.string(),
      amount: z.number().int().describe('paise'),
      currency: z.literal('INR'),
      name: z.string(),
      description: z.string(),
      checkoutUrl: z
        .string()
        .describe(
          "The checkout script to load (RAZORPAY_CHECKOUT_URL): Razorpay's own, or a stand-in's in a trial",
        ),
    })
    .nullable()
    .optional()
    .describe('razorpay: options for the checkout script; null until the Razorpay order exists'),
});

const timelineEntrySchema = z.object({
  status: z.enum(orderStatuses),
  label: z
    .string()
    .describe(
      "The step's heading: its status's label, but \"Payment submitted\" for the buyer's payment reference (status pending_payment)",
    ),
  note: z.string().nullable(),
  at: z.string().describe('ISO time'),
  actor: z
    .enum(['staff', 'buyer', 'store'])
    .describe(
      "Whose step it was: a staff member's (named in by), the buyer's own (placed the order, sent a payment reference, changed the cart), or the store's (a lapsed hold, a payment the gateway confirmed)",
    ),
  by: z.string().nullable().describe('The staff member who recorded the step'),
});

export const orderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(orderStatuses),
  statusLabel: z.string(),
  items: z.array(orderItemSchema),
  amounts: orderAmountsSchema,
  billing: billingSchema,
  holdExpiresAt: z.string().describe('When the hold on the numbers ends unless paid (ISO time)'),
  payment: orderPaymentSchema,
  timeline: z.array(timelineEntrySchema),
  needsRefund: z.boolean(),
  refunds: z
    .array(
      refundTransferSchema.extend({
        numberId: z
          .number()
          .int()
          .nullable()
          .describe('The number refunded alone it is for; null: the payment (or what was left)'),
      }),
    )
    .describe(
      "The transfers that paid the order's money back, oldest first (a number's own, the payment's), each with its reference; a further payment's refund is not one. Empty for most orders",
    ),
  replaces: z
    .array(z.string())
    .describe(
      "The references of the buyer's orders awaiting payment that this order's checkout cancelled (a changed cart, Buy now, a lapsed order tried again): not to be paid. Empty for most orders",
    ),
  replacedBy: z
    .object({ id: z.string(), reference: z.string() })
    .nullable()
    .describe(
      "The buyer's order whose checkout cancelled this one, awaiting payment, in its stead (its page: /orders/{id}); null for most orders",
    ),
  canRetry: z
    .boolean()
    .describe(
      'The hold lapsed unpaid: POST /orders/{id}/retry orders the same numbers again while they are free',
    ),
  retryFrom: z
    .string()
    .nullable()
    .describe(
      'When canRetry: the time (ISO) from which the retry is allowed at the latest (the hold end plus HOLD_COOLDOWN_MINUTES; before it, 429 HOLD_COOLDOWN); else null',
    ),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  nextSteps: z.array(z.string()).describe('What happens after payment (porting, domain.md §4)'),
  taxDocuments: z
    .object({
      invoice: z
        .boolean()
        .describe('GET …/invoice.pdf answers the GST tax invoice (the current one)'),
      invoiceFile: z
        .string()
        .nullable()
        .describe('The current invoice: GET …/invoices/{file}; null before it is issued'),
      invoiceSerial: z.string().nullable().describe('The current invoice: INV/yy-yy/nnnnnn'),
      replacedInvoices: z
        .array(
          z.object({
            serial: z.string().describe('INV/yy-yy/nnnnnn'),
            file: z.string().describe('GET …/invoices/{file} answers it, as it was issued'),
            issuedAt: z.string().describe('ISO time'),
            replacedAt: z.string().describe('ISO time: when a billing correction replaced it'),
          }),
        )
        .describe(
          'The invoices billing corrections replaced, oldest first: each cancelled by a credit note',
        ),
      creditNote: z
        .boolean()
        .describe('GET …/credit-note.pdf answers the credit note of its latest refund'),
      creditNotes: z
        .array(
          z.object({
            serial: z.string().describe('CN/yy-yy/nnnnnn'),
            file: z.string().describe('GET …/credit-notes/{file} answers it'),
            amount: rupees.describe('What it credits: the amount refunded'),
            issuedAt: z.string().describe('ISO time'),
            refundReference: refundReferenceView,
            numberId: z
              .number()
              .int()
              .nullable()
              .describe(
                'The number refunded alone it is for; null: a refund of the payment, or a billing correction',
              ),
            billingCorrection: z
              .boolean()
              .describe('It cancels an invoice a billing correction replaced (no money moved)'),
          }),
        )
        .describe('Every credit note of the order, oldest first'),
    })
    .describe('The tax documents the order has, to download'),
});

export const staffOrderSchema = orderSchema.extend({
  buyer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    getWhatsappUpdate: z.boolean().describe('The buyer gets WhatsApp updates'),
  }),
  attribution: z.record(z.string(), z.unknown()).nullable(),
  providerOrderId: z.string().nullable(),
  payments: z
    .array(paymentRecordSchema)
    .describe('Every payment received for the order, with its refunds, oldest first'),
  relistableNumberIds: z
    .array(z.number().int())
    .describe(
      'The numbers of this order that may go back on sale now (POST /admin/numbers/{id}/unhide): sold, the order cancelled after payment or refunded, or the number refunded alone, before any UPC went out for it, not relisted since',
    ),
  overdue: z
    .array(
      z.object({
        numberId: z.number().int(),
        number: z.string().describe('As displayed: 98765 43210'),
        reason: z
          .enum(overdueReasons)
          .describe(
            'upc_late: no UPC 24 h after payment; upc_expired: the UPC expired before porting started; porting_slow: porting in progress past 5 working days, Monday to Saturday (15 days in J&K, Assam and the North-East)',
          ),
        since: z.string().describe('ISO time the promise was broken (its deadline)'),
        words: z
          .string()
          .describe(
            'The reason in plain words: "UPC not sent: paid 27 h ago, promised within 24 h"',
          ),
      }),
    )
    .describe("The order's numbers past a porting promise now (decision 0107); empty for most"),
});

export type OrderView = z.infer<typeof orderSchema>;
export type StaffOrderView = z.infer<typeof staffOrderSchema>;

/** An order id in a path; anything that is not one of ours is answered 404. */
export const orderParams = z.object({ id: z.string().max(100) });

/** GET /orders: a page of the buyer's orders. */
export const buyerOrderListQuery = z.object(pageQuery(20, 50));

/** Razorpay checkout's callback, as the browser posts it. */
export const razorpayCallbackBody = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

/** GET /admin/orders: the support console's filters (the page comes on top). */
export const staffOrderListQuery = z.object({
  status: z
    .enum([...orderStatuses, 'payment_submitted'])
    .optional()
    .describe(
      "An order status; pending_payment is awaiting the buyer's payment (none submitted), payment_submitted a payment the buyer submitted for staff to check",
    ),
  q: searchQuery(
    "Search: the order reference as the buyer sees it (whole, its start, or its last 8 characters), a UTR / payment reference as the bank shows it (the one the buyer submitted, even if staff sent it back, or a payment staff recorded; spaces and case do not matter), any part of the buyer's name or company name or of the name the order is billed to (any case), the buyer's e-mail (any case), the buyer's mobile (+91, 0 and spaces allowed), or a 10-digit number in the order",
  ),
  needsRefund: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  overdue: z
    .enum([...overdueReasons, 'any'])
    .optional()
    .describe(
      'Only orders with a number past a porting promise now, for this reason or any (decision 0107)',
    ),
});

/** POST /admin/orders/{id}/payments: a UPI or bank transfer support received. */
export const manualPaymentBody = z.object({
  reference: z
    .string()
    .trim()
    .min(3, 'must be the UPI or bank transfer reference')
    .max(100)
    .describe(
      'The UTR / bank reference; compared trimmed, upper case and without spaces, and used for one order only',
    ),
  extra: z
    .boolean()
    .optional()
    .describe(
      'true: a further payment for an order already paid (a double debit), recorded as due back: the order goes on, flagged needsRefund until that payment is refunded. Refused (409 ORDER_NOT_PAID) for an order not paid yet. Without it, a payment for a paid order changes nothing.',
    ),
});

/** An order and one of its numbers in a path. */
export const orderNumberParams = orderParams.extend({
  numberId: numberIdText,
});

const stepNote = z.string().trim().max(1000).optional();

/** POST /admin/orders/{id}/numbers/{numberId}/porting: one number's porting step. */
/** A Unique Porting Code as typed: 8 letters and digits, spaces and case not mattering. */
const upcField = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const upc = normalizeUpc(value);
    if (!upc) {
      ctx.addIssue({ code: 'custom', message: 'must be the 8 letters and digits of the UPC' });
      return z.NEVER;
    }
    return upc;
  });

export const portingStepBody = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('upc_sent'),
    upcCode: upcField.describe(
      'The Unique Porting Code: 8 letters and digits (spaces and case do not matter)',
    ),
    replaces: upcField
      .optional()
      .describe(
        "Only to replace a UPC already sent (one that expired, or a corrected expiry): that UPC, as the caller's page showed it. Without it the UPC is the number's first, and 409 UPC_ALREADY_SENT when one was sent meanwhile; with a UPC that is no longer the number's, 409 UPC_CHANGED. Either names the UPC sent, by whom and when (upc: { code, expiresOn, by, at }).",
      ),
    upcExpiresOn: z.iso
      .date('must be a date, YYYY-MM-DD')
      .describe(
        'The last day the UPC is valid: today or later, at most 30 days away (a UPC lasts 4 days, 30 in J&K, Assam and the North-East)',
      ),
    note: stepNote,
  }),
  z.object({ status: z.literal('porting_in_progress'), note: stepNote }),
  z.object({ status: z.literal('ported'), note: stepNote }),
]);

/** POST /admin/orders/{id}/numbers/{numberId}/porting/undo: why the step is taken back. */
export const portingUndoBody = z.object({
  step: z
    .enum(portingStatuses.filter((status) => status !== 'awaiting_upc'))
    .describe(
      "The step taken back: the number's porting status as the caller saw it. 409 STEP_CHANGED when the number has moved since, so a call repeated or made from a stale page takes back nothing more.",
    ),
  reason: z
    .string()
    .trim()
    .min(1, 'is required: say why the step is taken back')
    .max(500)
    .refine(...oneLine('The reason'))
    .describe(
      "Why the number's last step is taken back; shown to the buyer in its porting history",
    ),
});

/**
 * A manual refund's UTR / bank reference (decisions 0054, 0092): normalised as a payment's
 * reference is compared (trimmed, upper case, without spaces), then 6-30 letters or digits.
 */
const refundReference = z
  .string()
  .transform(normalizeUtr)
  .pipe(
    z
      .string()
      .regex(
        REFUND_REFERENCE_SHAPE,
        'must be 6 to 30 letters or digits, spaces aside (the UTR or bank reference)',
      ),
  )
  .describe(
    'The UTR / bank reference of a refund paid back by hand (method manual only); kept and quoted to the buyer as a payment reference is compared: upper case, without spaces',
  );

/** POST /admin/orders/{id}/refunds: pay a payment back, with a reason. */
export const refundBody = z.object({
  reason: z.string().trim().min(1, 'is required: say why the money goes back').max(1000),
  paymentId: z
    .uuid('must be the id of one of the order’s payments')
    .optional()
    .describe(
      'The payment to refund; by default one being refunded, else one due back, else the one that paid for the order',
    ),
  method: z
    .enum(['razorpay', 'manual'])
    .optional()
    .describe(
      "razorpay: through Razorpay's refund API (the default for a Razorpay payment); manual: staff paid it back themselves (the only way for a UPI or bank transfer)",
    ),
  reference: refundReference.optional(),
});

/** PATCH /admin/orders/{id}/refunds/{refundId}: a manual refund's reference, added once. */
export const refundReferenceBody = z.object({ reference: refundReference });

export const refundParams = orderParams.extend({
  refundId: z.string().uuid('must be the id of one of the order’s refunds'),
});

/** POST /admin/orders/{id}/numbers/{numberId}/refund: one number refunded alone, with a reason. */
export const numberRefundBody = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'is required: say why the number is refunded')
    .max(500)
    .refine(...oneLine('The reason'))
    .describe('Why the number is refunded (e.g. its porting failed); sent to the buyer'),
  method: refundBody.shape.method,
  reference: refundBody.shape.reference,
});

/** An order's tax document by its file name, in a path: `INV-26-27-000001.pdf`. */
const documentFileParams = (prefix: 'INV' | 'CN', what: string, listed: string) =>
  orderParams.extend({
    file: z
      .string()
      .regex(
        new RegExp(`^${prefix}-\\d{2}-\\d{2}-\\d{6}\\.pdf$`),
        `must be ${what} file: ${prefix}-yy-yy-nnnnnn.pdf`,
      )
      .describe(
        `The ${what.replace(/^an? /, '')} as ${listed} names it (${prefix}-26-27-000001.pdf)`,
      ),
  });

/**
 * The tax documents downloaded by their file name (buyer and staff): every credit note, and an
 * invoice a billing correction replaced (decision 0070).
 */
export const taxDocumentFileRoutes = [
  {
    kind: 'CN',
    path: 'credit-notes',
    params: documentFileParams('CN', 'a credit note', 'taxDocuments.creditNotes'),
    summary: 'One credit note',
    description:
      'An order has a credit note per refund (one per number refunded alone, and one when the payment is refunded) and one for each invoice a billing correction replaced. file is as taxDocuments.creditNotes names it; 404 when the order has no such credit note.',
  },
  {
    kind: 'INV',
    path: 'invoices',
    params: documentFileParams('INV', 'an invoice', 'taxDocuments.replacedInvoices'),
    summary: 'One tax invoice (the current, or one a billing correction replaced)',
    description:
      'A billing correction replaces the invoice (cancelled by a credit note) with a new one: each stays downloadable as it was issued. file is as taxDocuments.replacedInvoices (or invoiceFile) names it; 404 when the order has no such invoice.',
  },
] as const;

/** POST /admin/orders/{id}/events: a step on the porting timeline. */
export const orderStepBody = z.object({
  status: z.enum(orderStatuses),
  note: z.string().trim().max(1000).optional(),
});

export const pdfBody = z.any().describe('A PDF file (application/pdf)');

/** The headers of a PDF download: private, never cached. */
export const pdfDownload = (fileName: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'private, no-store',
});

export const screenshotBody = z
  .any()
  .describe('A payment screenshot: a JPEG or PNG image or a PDF file');

/** The headers of a payment screenshot shown to staff: private, never cached. */
export const screenshotDownload = (file: { contentType: string; fileName: string }) => ({
  'content-type': file.contentType,
  'content-disposition': `inline; filename="${file.fileName}"`,
  'cache-control': 'private, no-store',
});

export const paymentSubmissionBody = z.object({
  utr: z
    .string()
    .max(40)
    .describe(
      'The transaction reference: 12 digits (UPI, IMPS), 16 (NEFT) or 22 (RTGS) letters and digits',
    ),
});

export const rejectPaymentBody = z.object({
  reason: z
    .string()
    .trim()
    .min(3)
    .max(500)
    .describe('Why the payment could not be verified; sent to the buyer'),
});

/** The tax documents an order's buyer and staff download. */
export const taxDocumentRoutes = [
  { kind: 'INV', file: 'invoice.pdf', what: 'GST tax invoice' },
  { kind: 'CN', file: 'credit-note.pdf', what: 'credit note' },
] as const;

/** The billing of an order as a console page showed it: what a correction was made from. */
const billingSeenSchema = z.object({
  name: z.string().max(200),
  companyName: z.string().max(200).nullable(),
  gstinNo: z.string().max(20).nullable(),
  address: z
    .object({
      line1: z.string().max(200),
      line2: z.string().max(200).nullable(),
      city: z.string().max(200),
      state: z.string().max(100),
      pinCode: z.string().max(10),
    })
    .nullable(),
});

export type BillingSeen = z.infer<typeof billingSeenSchema>;

/** POST /admin/orders/{id}/billing: support corrects the billing details (decision 0070). */
export const billingCorrectionBody = z.strictObject(
  {
    billing: billingBody
      .safeExtend({
        companyName: absentWhenEmpty(companyNameField).describe('A Corporate order only'),
        gstinNo: absentWhenEmpty(gstinField).describe(
          'A Corporate order: required (its GSTIN as corrected, or as it was); an Individual order has none',
        ),
      })
      .describe(
        "The corrected name and address, as at checkout, with a Corporate order's company and GSTIN",
      ),
    confirmGstinStateMismatch: z
      .boolean()
      .optional()
      .describe(
        'The GSTIN is registered in another state than the billing state, and that is right (else 422 GSTIN_STATE_MISMATCH)',
      ),
    reason: z
      .string()
      .trim()
      .min(5, 'is too short: say in at least 5 characters why the billing details are corrected')
      .max(500)
      .refine(...oneLine('The reason'))
      .describe(
        "Why they are corrected (the buyer's request, say); on the timeline and in the audit log",
      ),
    expected: billingSeenSchema.describe(
      "The order's billing as the page showed it (the order view's billing). When it changed since, nothing is corrected: 409 BILLING_CHANGED naming who corrected it and when",
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Only the billing name, address, company and GSTIN can be corrected: the buyer type and the amounts are fixed at checkout (${issue.keys.join(', ')} not accepted).`
        : undefined,
  },
);

export type BillingCorrectionBody = z.output<typeof billingCorrectionBody>;
