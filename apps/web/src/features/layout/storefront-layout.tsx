import { Outlet } from 'react-router';
import { Analytics, CampaignTracking } from '../analytics';
import { ChatWidget } from './chat-widget';
import { SiteShell } from './site-shell';

/**
 * The layout route of every storefront page: header, footer, WhatsApp button, and the page
 * views, campaign tracking and chat widget that belong to buyers' visits (not the console's).
 * The analytics' consent bar comes first, before the skip link: it is the first thing Tab and a
 * screen reader reach while it asks.
 */
export default function StorefrontLayout() {
  return (
    <>
      <Analytics />
      <SiteShell>
        <Outlet />
      </SiteShell>
      <CampaignTracking />
      <ChatWidget />
    </>
  );
}
