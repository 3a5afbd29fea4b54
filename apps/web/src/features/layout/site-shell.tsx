import type { ReactNode } from 'react';
import { NavigationSpinner } from '../../components/page-spinner';
import { SkipLink } from '../../components/skip-link';
import { Footer } from './footer/footer';
import { Header } from './header/header';
import { WhatsAppButton } from './whatsapp-button';

/** Layout shared by every route: skip link, header, main content, footer, WhatsApp button. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <WhatsAppButton />
      <NavigationSpinner />
    </div>
  );
}
