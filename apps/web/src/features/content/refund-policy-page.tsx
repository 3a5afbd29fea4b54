import { Link } from 'react-router';
import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/refund-policy-page';
import { PolicyPage } from './policy-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Refund Policy',
    description: `Refunds and cancellations at ${siteConfig.storeName}: a full refund if porting fails, a free new UPC if one expires, cancelling before the UPC is sent, refund times.`,
    path: '/refund-policy',
  });

export default function RefundPolicyPage() {
  const { storeName, supportEmail } = siteConfig;
  return (
    <PolicyPage
      title="Refund Policy"
      intro={`How cancellations and refunds work when you buy a VIP number from ${storeName}.`}
    >
      <h2>What you buy</h2>
      <p>
        When you buy a VIP number, we deliver a <strong>Unique Porting Code (UPC)</strong> that lets
        you port the number to the operator of your choice in your own name. Because what we deliver
        is a code and not a physical product, the rules below follow the stages of that delivery.
      </p>

      <h2>Full refund if porting fails</h2>
      <p>
        If the number cannot be ported to you, you receive a <strong>full refund</strong> of the
        amount you paid us, including GST. Before a refund, our support team works with you and the
        operator to find the cause and try again, for example when the store could not complete the
        e-KYC or the operator rejected the request.
      </p>

      <h2>Expired UPC</h2>
      <p>
        A UPC is valid for 4 days, or 30 days in Jammu &amp; Kashmir, Assam and the North-East. If
        your code expires before you complete the port, tell us and we will send you a new one{' '}
        <strong>free of charge</strong>. An expired code is not a reason for a refund, as a new code
        is always available.
      </p>

      <h2>Cancelling an order</h2>
      <ul>
        <li>
          <strong>Before payment is confirmed</strong>: simply do not complete the payment. The hold
          on the number ends by itself and nothing is charged.
        </li>
        <li>
          <strong>After payment, before we send your UPC</strong>: you may cancel by writing to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or on WhatsApp with your order
          number, and you receive a full refund.
        </li>
        <li>
          <strong>After your UPC has been sent</strong>: the number has been taken off sale and the
          code issued to you, so an order cannot be cancelled for a change of mind. The full refund
          still applies if porting fails.
        </li>
      </ul>

      <h2>If we cannot deliver</h2>
      <p>
        In the rare case that we cannot issue a UPC for a number you have paid for, we tell you at
        once and refund you in full, or, if you prefer, offer you another number of similar value.
      </p>

      <h2>What is not refundable</h2>
      <ul>
        <li>A number that has been ported to you successfully.</li>
        <li>
          Charges you pay to the operator for the SIM card, recharges or postpaid plans; these are
          between you and the operator.
        </li>
        <li>
          Cases where the port fails because the buyer gave wrong details or did not complete the
          e-KYC, and does not complete it within a reasonable time after we send a fresh code.
        </li>
      </ul>

      <h2>How refunds are paid</h2>
      <p>
        Refunds go back to the <strong>original payment method</strong> (UPI, card or bank account).
        We start an approved refund within 2 working days; the money usually reaches you within 5 to
        7 working days, depending on your bank. A credit note is issued against your GST invoice.
      </p>

      <h2>Business messaging products</h2>
      <p>
        Smart IVR, SMS and WhatsApp plans are refunded as set out in the quote or agreement for each
        plan. Unused prepaid SMS credits are not refunded, but stay usable while the account is
        active.
      </p>

      <h2>How to ask for a refund</h2>
      <p>
        Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>, message us on WhatsApp or
        use the <Link to="/contact-us">contact form</Link>, with your order number and what
        happened. We answer within one working day.
      </p>
    </PolicyPage>
  );
}
