import type { ReactNode } from 'react';
import { NavigationSpinner } from '../../components/page-spinner';
import { Footer } from './footer/footer';
import { Header } from './header/header';
import { WhatsAppButton } from './whatsapp-button';

/** Layout shared by every route: skip link, header, main content, footer, WhatsApp button. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-blue-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
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
