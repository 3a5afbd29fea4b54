import { Link } from 'react-router';
import { siteConfig } from '../../lib/site-config';
import { AnalyticsChoice } from '../analytics';
import { seo } from '../seo';
import type { Route } from './+types/privacy-policy-page';
import { PolicyPage } from './policy-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Privacy Policy',
    description: `How ${siteConfig.storeName} collects, uses and protects your personal data when you browse, buy a VIP number, port it and contact us.`,
    path: '/privacy-policy',
  });

export default function PrivacyPolicyPage() {
  const { storeName, supportEmail, officeAddress, grievanceOfficer } = siteConfig;
  return (
    <PolicyPage
      title="Privacy Policy"
      intro={`This policy explains what personal data ${storeName} collects, why, and the choices you have. It applies to this website and to the support we give you by phone, e-mail and WhatsApp.`}
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: your name, e-mail address, mobile number, account type
          and, for Corporate accounts, the company name and GSTIN.
        </li>
        <li>
          <strong>Order details</strong>: the numbers you buy, prices, tax, your billing address and
          the progress of your porting.
        </li>
        <li>
          <strong>Payment confirmations</strong>: the payment reference and status from our payment
          provider. We never see or store your card number, CVV, UPI PIN or net banking password.
        </li>
        <li>
          <strong>Enquiries and applications</strong>: what you send through our forms, including
          your name, mobile, e-mail and message.
        </li>
        <li>
          <strong>Technical data</strong>: your IP address, browser and the pages you visit, kept in
          server logs to run and protect the site.
        </li>
      </ul>
      <p>
        We do not collect your Aadhaar number. The e-KYC for porting happens at the operator’s
        store, between you and the operator.
      </p>

      <h2>Why we use it</h2>
      <ul>
        <li>To create your account, sign you in and send one-time passwords.</li>
        <li>
          To process your order, issue your UPC and GST invoice, and guide you through porting.
        </li>
        <li>To answer your enquiries and job applications.</li>
        <li>To meet our tax and accounting obligations.</li>
        <li>To prevent fraud and abuse, for example by limiting repeated requests.</li>
        <li>
          To send you the alerts you ask for: a number you wait for back on sale, or a price drop on
          a number you saved. Every alert e-mail has a link that stops them, with no sign-in.
        </li>
        <li>
          To send you your order and porting updates on WhatsApp, only if you have turned that on;
          you can turn it off on your profile page at any time.
        </li>
      </ul>
      <p>We do not send offers or advertising by SMS, WhatsApp or e-mail.</p>

      <h2>Cookies and local storage</h2>
      <p>
        We use a few cookies that are needed to keep you signed in securely. Your guest cart is kept
        in your browser’s local storage. When you arrive from an advertisement or a campaign link,
        we store the campaign name, source and click id in your browser for 90 days; when you arrive
        from another website without one, we store that website’s name (for example www.google.com)
        instead. If you place an order, this record is kept with the order, so that we know which
        campaigns and websites bring us orders. It is our own record, needed to run the store: it is
        not sent to Google or anyone else, so we do not ask for it. It is removed from your browser
        after 90 days.
      </p>
      <p>
        If analytics is enabled on this site, we use Google Analytics to count page views and
        understand which pages and ads help visitors. We ask first: a bar at the bottom of the page
        offers Accept and Decline, and your choice is remembered in this browser’s local storage.
        Until you accept, nothing is sent to Google and no Google script is loaded; if you decline,
        nothing ever is. If you accept, Google receives the pages you visit (with no search, filter
        or link token in their address), your IP address and browser details under its own privacy
        terms, and, when you buy, the order’s reference, category and amount, never your name,
        contact details or the number’s digits. We do not use it to show you personalised ads.
      </p>
      <AnalyticsChoice />

      <h2>Who we share it with</h2>
      <p>We share personal data only with the service providers we need to serve you:</p>
      <ul>
        <li>our payment provider (Razorpay), to take your payment;</li>
        <li>our e-mail and SMS providers, to send codes, invoices and updates;</li>
        <li>
          WhatsApp (Meta Platforms), to send your order and porting updates, only if you have turned
          WhatsApp updates on;
        </li>
        <li>Google, for analytics, only if you accepted it (see Cookies above);</li>
        <li>our hosting provider, where the site and its database run;</li>
        <li>tax authorities and others where the law requires it.</li>
      </ul>
      <p>We do not sell your personal data.</p>

      <h2>How long we keep it</h2>
      <p>
        We keep your account while it is open. Paid orders and their invoices are kept for as long
        as tax and accounting laws require (generally eight years), even after an account is closed.
        Everything else is deleted on a schedule:
      </p>
      <ul>
        <li>sign-in codes and unfinished registrations: a day after they expire;</li>
        <li>
          the records of code requests and failed sign-ins, with their IP address: within an hour;
        </li>
        <li>signed-out or expired sessions: after 30 days;</li>
        <li>
          payment screenshots: 30 days after the payment is confirmed or the order is cancelled or
          refunded (the payment reference stays with the order);
        </li>
        <li>
          the billing details, IP address and campaign record of an order cancelled without payment:
          after 180 days;
        </li>
        <li>enquiries and our replies: after two years;</li>
        <li>server logs, which hold IP addresses but no sign-in codes: after 30 days.</li>
      </ul>
      <p>
        When our staff open an order, a payment screenshot or an enquiry, or search orders, it is
        recorded in our audit log.
      </p>

      <h2>How we protect it</h2>
      <p>
        Data travels over encrypted connections. Passwords are stored only as strong one-way hashes,
        one-time passwords are stored hashed and expire after 10 minutes, and only staff who need it
        to help you can see your details.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your details on your profile page, and download a copy of the
        personal data we hold about you there (“Download my data”). You can also ask us for a copy
        of your data, to correct it, or to delete your account, subject to the records we must keep
        by law. You can withdraw consent to marketing at any time. Under India’s Digital Personal
        Data Protection Act, 2023, you may also raise a grievance with us, and if it is not
        resolved, with the Data Protection Board of India.
      </p>

      <h2>Contact and grievance officer</h2>
      <p>
        Requests about your personal data and grievances are answered by {grievanceOfficer.name}, at{' '}
        <a href={`mailto:${grievanceOfficer.email}`}>{grievanceOfficer.email}</a>.
      </p>
      <p>
        For any other privacy question, write to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        {officeAddress ? ` or to ${storeName}, ${officeAddress}` : ''}, or use the{' '}
        <Link to="/contact-us">contact form</Link>. We answer within 30 days, and usually much
        sooner.
      </p>

      <h2>Changes</h2>
      <p>
        We will update this page when our practices change and change the date at the top.
        Significant changes will be announced on the site or by e-mail.
      </p>
    </PolicyPage>
  );
}
