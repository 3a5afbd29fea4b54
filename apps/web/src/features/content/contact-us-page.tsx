import { displayPhone } from '@store/domain';
import type { ReactNode } from 'react';
import { Container, PageHeader } from '../../components/page';
import { siteConfig, whatsappLink } from '../../lib/site-config';
import { EnquiryForm } from '../enquiries';
import { seo } from '../seo';
import type { Route } from './+types/contact-us-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Contact Us',
    description: `Contact ${siteConfig.storeName} by phone, WhatsApp or e-mail for help choosing, buying and porting a VIP mobile number, or send us an enquiry.`,
    path: '/contact-us',
  });

/** Google Maps search link for an address (opens the map; nothing is embedded). */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function ContactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <div className="mt-2 text-slate-900">{children}</div>
    </div>
  );
}

const linkClass = 'font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900';

export default function ContactUsPage() {
  const address = siteConfig.officeAddress;
  return (
    <Container className="pb-16">
      <PageHeader
        title="Contact Us"
        intro="Questions about a number, a payment or porting? Call, message or write to us, or send the form below. We reply within one working day."
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_1.7fr]">
        <div className="grid content-start gap-4">
          <ContactCard title="Phone">
            <a href={`tel:+91${siteConfig.supportPhone}`} className={linkClass}>
              {displayPhone(siteConfig.supportPhone)}
            </a>
            <p className="mt-1 text-sm text-slate-600">Sales and porting support</p>
          </ContactCard>
          <ContactCard title="WhatsApp">
            <a
              href={whatsappLink('Hi, I have a question about a VIP number.')}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
            >
              {displayPhone(siteConfig.salesWhatsapp)}
            </a>
            <p className="mt-1 text-sm text-slate-600">The quickest way to reach us</p>
          </ContactCard>
          <ContactCard title="E-mail">
            <a href={`mailto:${siteConfig.supportEmail}`} className={`${linkClass} break-all`}>
              {siteConfig.supportEmail}
            </a>
            <p className="mt-1 text-sm text-slate-600">Include your order number if you have one</p>
          </ContactCard>
          {address ? (
            <ContactCard title="Office">
              <address className="not-italic">{address}</address>
              <a
                href={mapLink(address)}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} mt-2 inline-block`}
              >
                Open in Google Maps
              </a>
            </ContactCard>
          ) : null}
        </div>
        <EnquiryForm
          title="Send us an enquiry"
          intro="Tell us what you are looking for: a pattern, a budget, a total, or a question about an order."
          defaultTopic="vip-number"
          messagePlaceholder="For example: a mirror or counting number with total 5, budget up to ₹15,000."
        />
      </div>
    </Container>
  );
}
