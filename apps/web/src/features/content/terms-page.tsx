import { Link } from 'react-router';
import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/terms-page';
import { PolicyPage } from './policy-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Terms and Conditions',
    description: `The terms for buying VIP numbers from ${siteConfig.storeName}: prices and GST, payment, UPC delivery, porting in your own name, refunds and use of this website.`,
    path: '/terms-and-conditions',
  });

export default function TermsPage() {
  const { storeName, supportEmail } = siteConfig;
  return (
    <PolicyPage
      title="Terms and Conditions"
      intro={`These terms apply when you use this website or buy a VIP number or a business messaging service from ${storeName} ("we", "us"). By placing an order you accept them.`}
    >
      <h2>1. What we sell</h2>
      <p>
        We sell VIP ("fancy") mobile numbers. Buying a number gives you a{' '}
        <strong>Unique Porting Code (UPC)</strong> with which you port the number, under India’s
        mobile number portability rules, to the operator of your choice in your own name. We do not
        sell SIM cards or mobile plans; those are provided by the operator you choose.
      </p>

      <h2>2. Your account</h2>
      <p>
        You need an account to check out. Keep your details accurate: the name and mobile number on
        your account are used for your order and invoice. Corporate accounts must give the company
        name and a valid GSTIN. You are responsible for activity in your account.
      </p>

      <h2>3. Prices and tax</h2>
      <ul>
        <li>Prices are in Indian rupees and shown before tax.</li>
        <li>
          GST at 18% is added in the cart and shown before you pay; you receive a GST invoice.
        </li>
        <li>
          Corporate buyers may apply TDS in the cart where their company deducts it, and must
          deposit it and issue the TDS certificate as the law requires.
        </li>
        <li>
          Prices can change until you pay. If a price changes while a number is in your cart, the
          cart tells you before checkout.
        </li>
      </ul>

      <h2>4. Orders, holds and payment</h2>
      <ul>
        <li>
          Each number exists once. At checkout the numbers in your cart are held for you for a short
          time (15 minutes) while you pay; if payment is not completed in time, the hold ends and
          the numbers return to sale.
        </li>
        <li>
          You pay online by UPI, card or net banking. Cash on delivery is not available. An order is
          confirmed only when we receive the payment.
        </li>
        <li>
          If a number becomes unavailable before your payment is confirmed, we will not charge you
          for it, or we refund it in full.
        </li>
      </ul>

      <h2>5. Delivery of the UPC</h2>
      <p>
        Within 24 hours of payment we send your UPC and GST invoice by SMS, e-mail and WhatsApp to
        the contact details on your account. A UPC is valid for 4 days, or 30 days in Jammu &amp;
        Kashmir, Assam and the North-East. We replace an expired UPC free of charge.
      </p>

      <h2>6. Porting</h2>
      <ul>
        <li>
          You port the number yourself at a Jio, Airtel, Vi or BSNL store with your original Aadhaar
          card for biometric e-KYC, choosing prepaid or postpaid.
        </li>
        <li>
          Activation normally takes 3 to 5 working days, and up to 15 days in Jammu &amp; Kashmir
          and the North-East. These times depend on the operators and are not guaranteed by us.
        </li>
        <li>
          After porting, your use of the number is governed by your operator’s terms and by telecom
          regulations. The operator may refuse or disconnect a connection under those rules.
        </li>
        <li>Our support team guides you at every step until the number is active.</li>
      </ul>

      <h2>7. Cancellations and refunds</h2>
      <p>
        If porting fails, you receive a full refund. You may cancel for a full refund until we have
        sent your UPC. The details are in our <Link to="/refund-policy">Refund Policy</Link>, which
        forms part of these terms.
      </p>

      <h2>8. Business messaging services</h2>
      <p>
        Smart IVR, SMS and WhatsApp services are provided under the quote or agreement for each
        plan. You must follow TRAI’s rules for commercial communication (including DLT registration
        for SMS) and WhatsApp’s Business and Commerce policies, and send messages only to people who
        have agreed to receive them.
      </p>

      <h2>9. Using this website</h2>
      <ul>
        <li>
          Do not misuse the site, try to break its security or send automated requests in bulk.
        </li>
        <li>
          Content on this site, including texts, images and the selection of numbers, belongs to us.
          Numerology information is general and not a promise of any outcome.
        </li>
        <li>We may change or suspend parts of the site to maintain or improve it.</li>
      </ul>

      <h2>10. Liability</h2>
      <p>
        Our liability for an order is limited to the amount you paid us for it. We are not
        responsible for delays or refusals by operators, for losses caused by an operator’s service,
        or for indirect losses. Nothing in these terms limits rights you have under the Consumer
        Protection Act, 2019.
      </p>

      <h2>11. Complaints and governing law</h2>
      <p>
        Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with any complaint; we
        acknowledge it within 48 hours and aim to resolve it within 30 days. These terms are
        governed by the laws of India, and the courts at the place of our registered office have
        jurisdiction.
      </p>

      <h2>12. Changes to these terms</h2>
      <p>
        We may update these terms; the version on this page on the day you place an order applies to
        that order.
      </p>
    </PolicyPage>
  );
}
