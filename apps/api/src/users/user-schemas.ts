import {
  companyNameProblem,
  gstinProblem,
  normalizeMobile,
  orderStatuses,
  PIN_CODE_SHAPE,
  personNameProblem,
  pinCodeStateProblem,
  signedNameProblem,
  states,
} from '@store/domain';
import { z } from 'zod';
import { oneLine } from '../http/one-line';
import { searchQuery } from '../http/paging';

/** The data file's shape and limit, for the console's download of a buyer's data (decision 0062). */
export { DATA_EXPORTS_PER_HOUR, dataExportSchema } from './data-export-schema';

/** Treats '' and null as "not given", as forms often send them. */
export const absentWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A domain rule's refusal (a sentence, or null) as a zod refinement. */
const refusedBy =
  (problem: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/** A name, 2 to 100 characters on one line. */
const nameOnOneLine = z
  .string({ error: 'Enter your name.' })
  .trim()
  .min(2, 'Name must be at least 2 characters long.')
  .max(100, 'Name must be at most 100 characters long.')
  .refine(...oneLine('Name'));

/** A name as its writer signs it: an enquirer's, without < or > (signedNameProblem). */
export const signedNameField = nameOnOneLine.superRefine(refusedBy(signedNameProblem));

/**
 * A person's name on an account and on an invoice (registration, profile, billing, staff):
 * letters, spaces, dots, apostrophes and hyphens, in the web form's words (personNameProblem).
 */
export const nameField = nameOnOneLine.superRefine(
  // NUL and a lone surrogate aside: every field refuses them in one message of its own
  // (plugins/reject-unstorable-text.ts), as oneLine does.
  refusedBy((name) => personNameProblem(name.replace(/[\0\p{Cs}]/gu, ''))),
);

/** Trimmed and lower-cased: e-mail addresses are stored and compared that way. */
export const emailField = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: 'Enter a valid e-mail address.' })
      .max(254, 'That e-mail address is too long.'),
  );

/** Any usual way of writing an Indian mobile number (+91, 0, spaces, hyphens) becomes 10 digits. */
export const mobileField = z
  .string({ error: 'Enter your mobile number.' })
  .transform((value, ctx) => {
    const mobile = normalizeMobile(value.trim());
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit Indian mobile number.' });
      return z.NEVER;
    }
    return mobile;
  });

export const accountTypeField = z.enum(['Individual', 'Corporate'], {
  error: 'Choose the account type: Individual or Corporate.',
});

export const companyNameField = z
  .string({ error: 'Enter the company name.' })
  .trim()
  .min(2, 'Company name must be at least 2 characters long.')
  .max(200, 'Company name must be at most 200 characters long.')
  .refine(...oneLine('Company name'))
  .superRefine(refusedBy(companyNameProblem));

/**
 * Stored upper-case; the 15th character is a checksum over the first 14. A refusal says what is
 * wrong, in the web form's words (gstinProblem).
 */
export const gstinField = z
  .string({ error: 'Enter the GSTIN.' })
  .trim()
  .toUpperCase()
  .superRefine(refusedBy(gstinProblem));

/** A support or admin account, as `npm run create-staff` takes it. */
export const staffAccountInput = z.object({
  name: nameField,
  email: emailField,
  mobile: mobileField,
  role: z.enum(['support', 'admin'], { error: 'The role must be support or admin.' }),
});
export type StaffAccountInput = z.input<typeof staffAccountInput>;

export const apiUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  accountType: z.enum(['Individual', 'Corporate']),
  companyName: z.string().nullable(),
  gstinNo: z.string().nullable(),
  getWhatsappUpdate: z.boolean(),
  acceptTermsAndConditions: z.boolean(),
  role: z.enum(['customer', 'support', 'admin']),
});

export const apiAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
});

export const userWithAddressSchema = z.object({
  user: apiUserSchema,
  address: apiAddressSchema.nullable(),
});

/** PATCH /user/profile: only what a customer may change without proving a contact again. */
export const profileUpdateBody = z.strictObject(
  {
    name: nameField.optional(),
    getWhatsappUpdate: z.boolean({ error: 'must be true or false.' }).optional(),
    companyName: absentWhenEmpty(companyNameField),
    gstinNo: absentWhenEmpty(gstinField),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `These fields cannot be changed here: ${issue.keys.join(', ')}. You can change your name, WhatsApp updates, and for a Corporate account the company name and GSTIN.`
        : undefined,
  },
);

const stateByName = new Map(states.map((state) => [state.name.toLowerCase(), state.name]));

const capitalised = (what: string) => `${what[0]!.toUpperCase()}${what.slice(1)}`;

const addressLine = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(200, `${capitalised(what)} must be at most 200 characters long.`)
    .refine(...oneLine(capitalised(what)));

/** PUT /user/address: the one delivery and billing address of an account. */
export const addressBody = z
  .object({
    line1: addressLine('the first address line'),
    line2: absentWhenEmpty(
      z
        .string()
        .trim()
        .max(200, 'The second address line must be at most 200 characters long.')
        .refine(...oneLine('The second address line')),
    ),
    city: z
      .string({ error: 'Enter the city.' })
      .trim()
      .min(2, 'Enter the city.')
      .max(100, 'The city must be at most 100 characters long.')
      .refine(...oneLine('The city')),
    state: z
      .string({ error: 'Choose the state or union territory.' })
      .trim()
      .transform((value, ctx) => {
        const name = stateByName.get(value.toLowerCase());
        if (!name) {
          ctx.addIssue({ code: 'custom', message: 'Choose a state or union territory of India.' });
          return z.NEVER;
        }
        return name;
      }),
    pinCode: z
      .string({ error: 'Enter the 6-digit PIN code.' })
      .trim()
      .regex(PIN_CODE_SHAPE, 'Enter a valid 6-digit PIN code.'),
  })
  // The PIN code's zone must serve the state, which decides the invoice's tax (decision 0097).
  .superRefine(({ pinCode, state }, ctx) => {
    const message = pinCodeStateProblem(pinCode, state);
    if (message) ctx.addIssue({ code: 'custom', path: ['pinCode'], message });
  });

/** Who and where an order's invoice is made out to: checkout's `billing`, a billing correction's. */
export const billingBody = addressBody.safeExtend({ name: nameField });

/** The word the buyer types to confirm closing their account. */
const CLOSE_ACCOUNT_WORD = 'CLOSE';

/** POST /user/close: the buyer confirms by typing CLOSE. */
export const closeAccountBody = z.object({
  confirm: z
    .string({ error: `Type ${CLOSE_ACCOUNT_WORD} to confirm.` })
    .trim()
    .toUpperCase()
    .refine((word) => word === CLOSE_ACCOUNT_WORD, `Type ${CLOSE_ACCOUNT_WORD} to confirm.`),
});

/** Why staff act on a buyer's account (the audit entry's note): 5 to 500 characters, one line. */
function staffReason(ask: string, example: string) {
  return z
    .string({ error: `${ask} (for example, ${example}).` })
    .trim()
    .min(5, `${ask} (at least 5 characters).`)
    .max(500, 'The reason must be at most 500 characters long.')
    .refine(...oneLine('The reason'));
}

/** POST /admin/customers/close: the buyer's e-mail or mobile, and why (kept in the audit log). */
export const adminCloseAccountBody = z.object({
  contact: z
    .string({ error: "Enter the buyer's e-mail address or mobile number." })
    .trim()
    .transform((value, ctx) => {
      if (value.includes('@')) {
        const email = emailField.safeParse(value);
        if (email.success) return { email: email.data };
      } else {
        const mobile = normalizeMobile(value);
        if (mobile) return { mobile };
      }
      ctx.addIssue({
        code: 'custom',
        message: "Enter the buyer's e-mail address or 10-digit mobile number.",
      });
      return z.NEVER;
    }),
  reason: staffReason('Say why the account is closed', 'the buyer asked by e-mail'),
});

/** POST /admin/customers/{id}/close: why (kept in the audit log). */
export const adminCloseCustomerBody = adminCloseAccountBody.pick({ reason: true });

export const accountClosedSchema = z.object({
  kept: z.string().describe('What the store keeps, and why'),
});

/** GET /admin/customers: the console's customer list (decision 0061). */
export const staffCustomerListQuery = z.object({
  accountType: z.enum(['Individual', 'Corporate']).optional(),
  q: searchQuery(
    "Search: the buyer's name or company name (any part), e-mail (whole), mobile (+91, 0 and spaces allowed) or GSTIN (whole); also the e-mail or mobile an order of an open account was billed to",
  ),
});

/** GET /admin/customers/{id}/data-export: the buyer's request it answers (kept in the audit log). */
export const staffDataExportQuery = z.object({
  reason: staffReason(
    'Say which request of the buyer this answers',
    'Letter of 28 Nov, ref 123',
  ).describe(
    "The buyer's request this download answers (how and when it came, its reference): the audit entry's note",
  ),
});

export const customerParams = z.object({ id: z.uuid('must be a customer id') });

/** A buyer's account as the console lists it; a closed account shows no personal data. */
export const staffCustomerSchema = z.object({
  id: z.string(),
  name: z.string().describe('"Closed account" once closed'),
  email: z.string().nullable().describe('null once closed'),
  mobile: z.string().nullable().describe('null once closed'),
  accountType: z.enum(['Individual', 'Corporate']),
  companyName: z.string().nullable(),
  gstinNo: z.string().nullable(),
  registeredAt: z.string(),
  lastSignInAt: z
    .string()
    .nullable()
    .describe('The start of its newest session still kept (30 days after it ended); null: unknown'),
  orderCount: z.number().int(),
  paidTotal: z
    .number()
    .int()
    .describe('Paise: the totals of its orders with a confirmed payment, refunds not taken off'),
  refundedTotal: z
    .number()
    .int()
    .describe(
      'Paise: refunds paid out (done) of the payments paidTotal counts; paidTotal - refundedTotal is what the buyer paid net',
    ),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
});

/** One buyer's account for the console: the list's row and what the account holds. */
export const staffCustomerDetailSchema = staffCustomerSchema.extend({
  address: apiAddressSchema.nullable(),
  getWhatsappUpdate: z.boolean(),
  consents: z
    .array(
      z.object({
        kind: z.enum(['terms', 'whatsapp_updates', 'price_alerts']),
        given: z.boolean().describe('true: given; false: withdrawn'),
        source: z.string(),
        policyVersion: z.string(),
        at: z.string(),
      }),
    )
    .describe('Newest first (decision 0057); none shown once closed'),
  orders: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      status: z.enum(orderStatuses),
      statusLabel: z
        .string()
        .describe('The status in words, as the Orders list says it ("Payment submitted" too)'),
      totalAmount: z.number().int().describe('Paise'),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
});

export type StaffCustomerView = z.infer<typeof staffCustomerSchema>;
export type StaffCustomerDetailView = z.infer<typeof staffCustomerDetailSchema>;
