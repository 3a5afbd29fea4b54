import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig, whatsappLink } from '../lib/site-config';
import type { Route } from './+types/contact-us-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Contact Us',
    description: `Contact ${siteConfig.storeName} by phone, WhatsApp or e-mail for help choosing, buying and porting a VIP mobile number.`,
    path: '/contact-us',
  });

export default function ContactUsPage() {
  return (
    <SimplePage
      title="Contact Us"
      intro="Questions about a number, a payment or porting? Our team is happy to help."
    >
      <dl className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <dt className="text-sm font-semibold text-slate-700">Phone</dt>
          <dd className="mt-1">
            <a href={`tel:+91${siteConfig.supportPhone}`} className="text-blue-800 underline">
              +91 {siteConfig.supportPhone}
            </a>
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <dt className="text-sm font-semibold text-slate-700">WhatsApp</dt>
          <dd className="mt-1">
            <a
              href={whatsappLink()}
              target="_blank"
              rel="noopener noreferrer"
              className="text-blue-800 underline"
            >
              +91 {siteConfig.salesWhatsapp}
            </a>
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <dt className="text-sm font-semibold text-slate-700">E-mail</dt>
          <dd className="mt-1">
            <a href={`mailto:${siteConfig.supportEmail}`} className="text-blue-800 underline">
              {siteConfig.supportEmail}
            </a>
          </dd>
        </div>
        {siteConfig.officeAddress ? (
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <dt className="text-sm font-semibold text-slate-700">Office</dt>
            <dd className="mt-1">{siteConfig.officeAddress}</dd>
          </div>
        ) : null}
      </dl>
    </SimplePage>
  );
}
