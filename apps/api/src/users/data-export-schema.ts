import { z } from 'zod';

/**
 * Downloads in any hour by one buyer of their own data, or by one staff member of buyers' data:
 * enough to retry, too few to load the store.
 */
export const DATA_EXPORTS_PER_HOUR = 5;

/**
 * The "Download my data" file (GET /user/data-export, decision 0059): what the store holds about
 * the signed-in buyer. The response is serialised through this schema, so a field not named here
 * (a token hash, a password hash, a code) can never reach the file.
 */
const at = z.string().describe('ISO 8601 time');
const when = at.nullable();

const money = z
  .object({
    rupees: z.string().describe('Rupees with two decimals, e.g. "25000.00"'),
    paise: z.int().describe('The same amount in paise'),
  })
  .describe('An amount of money');

/** Stored JSON kept as it is (billing as placed, campaign parameters). */
const asStored = z.record(z.string(), z.unknown());

const profile = z.object({
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  accountType: z.enum(['Individual', 'Corporate']),
  gstinNo: z.string().nullable(),
  companyName: z.string().nullable(),
  whatsappUpdates: z.boolean(),
  acceptedTerms: z.boolean(),
  createdAt: at,
  updatedAt: at,
});

const address = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  savedAt: at,
});

const consent = z.object({
  kind: z.enum(['terms', 'whatsapp_updates', 'price_alerts']),
  given: z.boolean(),
  source: z.string(),
  policyVersion: z.string(),
  at,
});

const orderNumber = z.object({
  number: z.string(),
  category: z.string(),
  price: money,
  portingStatus: z.string(),
  upcCode: z.string().nullable(),
  upcExpiresOn: z.string().nullable(),
  refunded: z.boolean(),
});

const order = z.object({
  reference: z.string(),
  status: z.string(),
  placedAt: at,
  holdExpiresAt: at,
  paidAt: when,
  updatedAt: at,
  numbers: z.array(orderNumber),
  amounts: z.object({
    subtotal: money,
    tdsDeducted: money,
    taxable: money,
    cgst: money,
    sgst: money,
    igst: money,
    total: money,
  }),
  placeOfSupply: z.string().nullable(),
  billing: asStored.describe('The billing details as the order was placed'),
  campaign: asStored.nullable().describe('The landing page and campaign parameters, if any'),
  clientAddress: z.string().nullable(),
  paymentSubmitted: z
    .object({ utr: z.string().nullable(), at: when, screenshot: z.string().nullable() })
    .describe('"I have paid": the UTR given, when, and the type of the screenshot kept (if any)'),
  payments: z.array(
    z.object({
      method: z.string(),
      status: z.string(),
      reference: z.string().describe('The UTR / bank reference, or the gateway payment id'),
      amount: money,
      appliedToOrder: z.boolean(),
      at,
      confirmedAt: when,
    }),
  ),
  refunds: z.array(
    z.object({
      method: z.string(),
      status: z.string(),
      amount: money,
      reason: z.string(),
      number: z.string().nullable(),
      reference: z.string().nullable(),
      requestedAt: at,
      completedAt: when,
    }),
  ),
  taxDocuments: z.array(
    z.object({
      kind: z.enum(['invoice', 'credit note']),
      serial: z.string(),
      amount: money,
      issuedAt: at,
    }),
  ),
  timeline: z.array(z.object({ status: z.string(), note: z.string().nullable(), at })),
});

const enquiry = z.object({
  topic: z.string(),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  number: z.string().nullable(),
  pagePath: z.string().nullable(),
  status: z.string(),
  staffNote: z.string().nullable(),
  clientAddress: z.string().nullable(),
  sentAt: at,
  replies: z.array(z.object({ sentTo: z.string(), subject: z.string(), text: z.string(), at })),
});

export const dataExportSchema = z.object({
  about: z.record(z.string(), z.string()).describe('What each section of this file is'),
  generatedAt: at,
  privacyPolicyVersion: z.string(),
  profile,
  address: address.nullable(),
  consents: z.array(consent),
  orders: z.array(order),
  enquiries: z.array(enquiry),
  favourites: z.array(
    z.object({
      number: z.string(),
      toldPrice: money.nullable().describe('Null for a number sold or hidden now'),
      savedAt: at,
    }),
  ),
  savedSearches: z.array(
    z.object({ name: z.string(), query: z.string(), savedAt: at, checkedAt: at }),
  ),
  alertEmails: z
    .object({ unsubscribedAt: when, lastDigestAt: when, lastDigestNumbers: z.array(z.string()) })
    .nullable(),
  notifyMe: z.array(
    z.object({ number: z.string(), email: z.string(), askedAt: at, confirmedAt: when }),
  ),
  cart: z.array(
    z.object({
      number: z.string(),
      priceWhenAdded: money,
      priceChangedTo: money.nullable(),
      addedAt: at,
    }),
  ),
  sessions: z.array(z.object({ signedInAt: at, lastUsedAt: at, expiresAt: at })),
});

export type DataExport = z.infer<typeof dataExportSchema>;
