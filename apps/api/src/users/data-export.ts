import { PRIVACY_POLICY_VERSION, rupeesText } from '@store/domain';
import type { AuditAction, AuditService } from '../audit/audit-service';
import type { Database } from '../db/database';
import { pricePublished } from '../catalog/catalog-service';
import { groupRows } from '../db/group-rows';
import { inTransaction } from '../db/transactions';
import { accountGone, minutesText, notFound, tooMany } from '../http/app-error';
import { countHit } from '../http/postgres-rate-limit-store';
import { DATA_EXPORTS_PER_HOUR, type DataExport } from './data-export-schema';
import { readAccountData, type AccountData } from './data-export-store';

const HOUR_MS = 60 * 60 * 1000;

/** The file's own description of each section (DPDP Act 2023 s.11: a summary a person can read). */
const ABOUT: DataExport['about'] = {
  file: 'The personal data this store holds about your account, made when you asked for it (generatedAt), under the privacy policy of privacyPolicyVersion. Amounts are in rupees (as text, two decimals) and in paise (1 rupee = 100 paise). Times are UTC.',
  profile:
    'Your account: name, e-mail, mobile, account type, company and GSTIN (Corporate accounts), whether you get WhatsApp order and porting updates, whether you accepted the terms, and when the account was created and last changed.',
  address: 'The address saved on your profile (null if none).',
  consents:
    'Each consent you gave or withdrew: terms, WhatsApp updates, alert e-mails; where, when, and under which privacy policy version.',
  orders:
    'Your orders: reference, status, dates, the numbers bought with their price and porting state (with the porting code, UPC, sent to you), the amounts, the billing details as the order was placed, the landing page and campaign that brought you (if any), the network address the order came from, the payment reference you gave ("I have paid"), payments with their method, status and reference (UTR), refunds, tax invoice and credit note numbers, and the order timeline.',
  enquiries:
    'Enquiries sent with both your e-mail and your mobile, with the team’s note on them and the replies we sent. Enquiries sent with other contacts are not linked to your account: ask us for them.',
  favourites:
    'Numbers you saved (the heart), with the lowest price we have told you of; none for a number sold or hidden since, whose price is not published.',
  savedSearches:
    'Searches you saved, as the listing filters, and when we last looked for new numbers for them.',
  alertEmails:
    'Your alert e-mails: when you turned them off (if you did), and the last daily e-mail with the numbers it listed (null if none was sent).',
  notifyMe:
    'Coming-soon numbers you asked to be told about, by your account or as a guest with your e-mail.',
  cart: 'The numbers in your cart now, with their price when added and, when it changed since, the price your cart shows now (null if unchanged).',
  sessions:
    'The devices signed in to your account now: when each signed in, when it was last used (the last time it renewed its sign-in) and when it ends unless used again. The store keeps no description of the device.',
  notIncluded:
    'Passwords (kept only as a one-way hash), sign-in codes and session tokens are secrets and never shown. Payment screenshots are kept as files and not copied here (only their type). Short-lived records used to limit sign-in attempts, and the staff audit log, are not included.',
};

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** An amount in paise, as rupees text with two decimals and as paise. */
function money(paise: number) {
  return { rupees: rupeesText(paise), paise };
}

function ordersOf(data: AccountData): DataExport['orders'] {
  const itemsOf = groupRows(data.items, (row) => row.orderId);
  const eventsOf = groupRows(data.events, (row) => row.orderId);
  const paymentsOf = groupRows(data.payments, (row) => row.orderId);
  const refundsOf = groupRows(data.refunds, (row) => row.orderId);
  const documentsOf = groupRows(data.documents, (row) => row.orderId);
  const screenshotOf = new Map(data.screenshots.map((row) => [row.orderId, row.contentType]));
  return data.orders.map((order) => {
    const items = itemsOf(order.id);
    const numberOf = (numberId: number | null) =>
      items.find((item) => item.numberId === numberId)?.number ?? null;
    return {
      reference: order.reference,
      status: order.status,
      placedAt: iso(order.createdAt),
      holdExpiresAt: iso(order.holdExpiresAt),
      paidAt: isoOrNull(order.paidAt),
      updatedAt: iso(order.updatedAt),
      numbers: items.map((item) => ({
        number: item.number,
        category: item.category,
        price: money(item.price),
        portingStatus: item.portingStatus,
        upcCode: item.upcCode,
        upcExpiresOn: item.upcExpiresOn,
        refunded: item.refundId !== null,
      })),
      amounts: {
        subtotal: money(order.subtotal),
        tdsDeducted: money(order.tdsDeducted),
        taxable: money(order.taxable),
        cgst: money(order.cgstAmount),
        sgst: money(order.sgstAmount),
        igst: money(order.igstAmount),
        total: money(order.totalAmount),
      },
      placeOfSupply: order.placeOfSupply,
      billing: order.billing as Record<string, unknown>,
      campaign: order.attribution as Record<string, unknown> | null,
      clientAddress: order.clientIp,
      paymentSubmitted: {
        utr: order.submittedUtr,
        at: isoOrNull(order.paymentSubmittedAt),
        screenshot: screenshotOf.get(order.id) ?? null,
      },
      payments: paymentsOf(order.id).map((payment) => ({
        method: payment.provider,
        status: payment.status,
        reference: payment.reference,
        amount: money(payment.amount),
        appliedToOrder: payment.applied,
        at: iso(payment.createdAt),
        confirmedAt: isoOrNull(payment.confirmedAt),
      })),
      refunds: refundsOf(order.id).map((refund) => ({
        method: refund.method,
        status: refund.status,
        amount: money(refund.amount),
        reason: refund.reason,
        number: numberOf(refund.numberId),
        reference: refund.manualReference ?? refund.providerRefundId,
        requestedAt: iso(refund.createdAt),
        completedAt: isoOrNull(refund.completedAt),
      })),
      taxDocuments: documentsOf(order.id).map((document) => ({
        kind: document.kind === 'INV' ? ('invoice' as const) : ('credit note' as const),
        serial: document.serial,
        amount: money(document.amount),
        issuedAt: iso(document.issuedAt),
      })),
      timeline: eventsOf(order.id).map((event) => ({
        status: event.status,
        note: event.note,
        at: iso(event.at),
      })),
    };
  });
}

/** The file itself, from the rows read. */
function toDataExport(data: AccountData, now: Date): DataExport {
  const { user, address, alerts } = data;
  const repliesOf = groupRows(data.replies, (row) => row.enquiryId);
  return {
    about: ABOUT,
    generatedAt: iso(now),
    privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    profile: {
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      accountType: user.accountType,
      gstinNo: user.gstinNo,
      companyName: user.companyName,
      whatsappUpdates: user.getWhatsappUpdate,
      acceptedTerms: user.acceptTermsAndConditions,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    address: address
      ? {
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          pinCode: address.pinCode,
          savedAt: iso(address.updatedAt),
        }
      : null,
    consents: data.consents.map((consent) => ({ ...consent, at: iso(consent.at) })),
    orders: ordersOf(data),
    enquiries: data.enquiries.map((enquiry) => ({
      topic: enquiry.topic,
      message: enquiry.message,
      name: enquiry.name,
      email: enquiry.email,
      mobile: enquiry.mobile,
      number: enquiry.number,
      pagePath: enquiry.pagePath,
      status: enquiry.status,
      staffNote: enquiry.staffNote,
      clientAddress: enquiry.clientIp,
      sentAt: iso(enquiry.createdAt),
      replies: repliesOf(enquiry.id).map((reply) => ({
        sentTo: reply.sentTo,
        subject: reply.subject,
        text: reply.text,
        at: iso(reply.at),
      })),
    })),
    favourites: data.favourites.map((favourite) => ({
      number: favourite.number,
      // A sold or hidden number's price is not published (0051), nor kept in a file (0083).
      toldPrice: pricePublished(favourite.status) ? money(favourite.toldPrice) : null,
      savedAt: iso(favourite.createdAt),
    })),
    savedSearches: data.searches.map((search) => ({
      name: search.name,
      query: search.query,
      savedAt: iso(search.createdAt),
      checkedAt: iso(search.checkedAt),
    })),
    alertEmails: alerts
      ? {
          unsubscribedAt: isoOrNull(alerts.unsubscribedAt),
          lastDigestAt: isoOrNull(alerts.lastDigestAt),
          lastDigestNumbers: alerts.lastDigestNumbers ?? [],
        }
      : null,
    notifyMe: data.notifyMe.map((request) => ({
      number: request.number,
      email: request.email,
      askedAt: iso(request.createdAt),
      confirmedAt: isoOrNull(request.confirmedAt),
    })),
    cart: data.cart.map((item) => ({
      number: item.number,
      // After a price change the cart shows the new price and keeps the first (decision 0093).
      priceWhenAdded: money(item.changedFrom ?? item.priceAtAdd),
      priceChangedTo: item.changedFrom === null ? null : money(item.priceAtAdd),
      addedAt: iso(item.addedAt),
    })),
    sessions: data.sessions.map((session) => ({
      signedInAt: iso(session.signedInAt!),
      lastUsedAt: iso(session.lastUsedAt!),
      expiresAt: iso(session.expiresAt!),
    })),
  };
}

/** Who asks for the file, and how their downloads are limited and recorded. */
interface Download {
  /** Whose downloads the hourly limit counts. */
  limitKey: string;
  /** The 429's message, before "Please try again in …". */
  refused: string;
  /** The account whose data it is. */
  userId: string;
  /** The audit entry (entity: the account; no personal data). */
  entry: { actorId: string; action: AuditAction; note: string };
  /** The answer when there is no such account to export (closed, or never was). */
  missing: () => Error;
  /** Only a buyer's account (a staff download; the buyer's own is theirs, whatever it is). */
  customersOnly?: boolean;
}

/**
 * A buyer's data as one JSON file (DPDP Act 2023 s.11): "Download my data" (decision 0059) and
 * the console's download for a request made by post, e-mail or phone (decision 0062). At most
 * DATA_EXPORTS_PER_HOUR downloads an hour per account (buyer) or per staff member (429 with
 * Retry-After); each recorded in the audit log, with no personal data.
 */
export function createDataExport(deps: { database: Database; audit: AuditService }) {
  async function download(request: Download, now: Date): Promise<DataExport> {
    const hit = await countHit(deps.database, request.limitKey, HOUR_MS);
    if (hit.current > DATA_EXPORTS_PER_HOUR) {
      throw tooMany(
        'TOO_MANY_REQUESTS',
        `${request.refused} Please try again in ${minutesText(hit.ttl / 1000)}.`,
        hit.ttl / 1000,
      );
    }
    return inTransaction(deps.database, async (tx) => {
      const data = await readAccountData(tx, request.userId, now);
      if (!data || (request.customersOnly && data.user.role !== 'customer')) {
        throw request.missing();
      }
      await deps.audit.record(tx, {
        ...request.entry,
        entityType: 'user',
        entityId: request.userId,
      });
      return toDataExport(data, now);
    });
  }

  return {
    /** The signed-in buyer's own data, from the profile; 401 once the account is gone. */
    own: (userId: string, now = new Date()) =>
      download(
        {
          limitKey: `data-export|${userId}`,
          refused: `You have downloaded your data ${DATA_EXPORTS_PER_HOUR} times in the last hour.`,
          userId,
          entry: {
            actorId: userId,
            action: 'user.data_export',
            note: 'Downloaded by the buyer from their profile.',
          },
          missing: accountGone,
        },
        now,
      ),

    /**
     * A buyer's data downloaded by an administrator, for the buyer's request made by post,
     * e-mail or phone; the reason is the audit entry's note. 404 for a closed account (its
     * personal data was erased), a staff account or none.
     */
    forBuyer: (staffId: string, customerId: string, reason: string, now = new Date()) =>
      download(
        {
          limitKey: `data-export-staff|${staffId}`,
          refused: `You have downloaded buyers' data ${DATA_EXPORTS_PER_HOUR} times in the last hour.`,
          userId: customerId,
          entry: { actorId: staffId, action: 'customer.data_export', note: reason },
          missing: () =>
            notFound(
              'No open customer account was found: a closed account’s personal data was erased when it closed.',
            ),
          customersOnly: true,
        },
        now,
      ),
  };
}
