import { useState, type ReactNode } from 'react';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
} from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Route } from './+types/root';
// Before the router listens: an open dialog's history entry is never the router's (decision 0109).
import './components/dialog-history';
import { OfflineNotice } from './components/offline-notice';
import { PageSpinner } from './components/page-spinner';
import { RouteAnnouncer } from './components/route-focus';
import { ToastProvider } from './components/toast';
import { AuthModal, AuthSessionProvider } from './features/auth';
import { CartProvider } from './features/cart';
import { FavouritesProvider } from './features/saved';
import { useReplayHeldInteractions } from './lib/held-interactions';
import { HydratedProvider, useHydrationSwitch } from './lib/use-hydrated';
import { createQueryClient } from './lib/query-client';
import { siteConfig } from './lib/site-config';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// Metadata of the SPA fallback shell (profile, order pages, unknown paths before the page
// loads): noindex, so a crawler never indexes the shell of an unknown path as a soft 404. Every
// public page route replaces all of it with its own seo(...) metadata (index, follow).
export const meta: Route.MetaFunction = () => [
  { title: siteConfig.storeName },
  {
    name: 'description',
    content: `Buy VIP, fancy and premium mobile numbers online at ${siteConfig.storeName}.`,
  },
  { name: 'robots', content: 'noindex' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
      </head>
      <body className="bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // One QueryClient per browser session (and per prerendered page at build time).
  const [queryClient] = useState(createQueryClient);
  const hydrated = useHydrationSwitch();
  useReplayHeldInteractions(hydrated);
  return (
    <HydratedProvider value={hydrated}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthSessionProvider modal={AuthModal}>
            <CartProvider>
              <FavouritesProvider>
                <Outlet />
              </FavouritesProvider>
            </CartProvider>
          </AuthSessionProvider>
          {/* Above both shells, so that a navigation from one to the other is told too. */}
          <RouteAnnouncer />
          <OfflineNotice />
        </ToastProvider>
      </QueryClientProvider>
    </HydratedProvider>
  );
}

// Shown by the SPA fallback shell until the route modules of the requested page are loaded.
export function HydrateFallback() {
  return <PageSpinner />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Something went wrong';
  let details = 'An unexpected error occurred. Please try again.';
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? 'Page not found' : `Error ${error.status}`;
    details = error.statusText || details;
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-700">{details}</p>
      <Link to="/premium-numbers" className="btn-primary" reloadDocument>
        Browse premium numbers
      </Link>
    </main>
  );
}
