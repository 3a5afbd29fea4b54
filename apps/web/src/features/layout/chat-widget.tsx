import { useEffect } from 'react';
import { siteConfig } from '../../lib/site-config';
import { whenIdle } from '../../lib/when-idle';

/**
 * Loader of the third-party live-chat widget (spec §1). The vendor is Tawk.to: the token is the
 * "property id/widget id" pair of its embed code (`https://embed.tawk.to/{token}`). Without a
 * token (PUBLIC_CHAT_WIDGET_TOKEN unset, as the spec ships it) the loader stays inactive and no
 * script is requested. With one, the script is added once the browser is idle after the page
 * has loaded, so it never competes with the page itself.
 *
 * Enabling it also needs the vendor's hosts in the server's Content-Security-Policy
 * (script-src, connect-src, frame-src: https://*.tawk.to).
 */

const CHAT_WIDGET_ORIGIN = 'https://embed.tawk.to';
export const CHAT_WIDGET_SCRIPT_ID = 'chat-widget-script';

/** The vendor script address for a token, or null for an empty or malformed token. */
export function chatWidgetSrc(token: string): string | null {
  const trimmed = token.trim();
  if (!/^[A-Za-z0-9]+(\/[A-Za-z0-9]+)?$/.test(trimmed)) return null;
  return `${CHAT_WIDGET_ORIGIN}/${trimmed}`;
}

/** Adds the vendor script once. Returns whether a script is (now) on the page. */
export function loadChatWidget(token: string, doc: Document = document): boolean {
  const src = chatWidgetSrc(token);
  if (!src) return false;
  if (doc.getElementById(CHAT_WIDGET_SCRIPT_ID)) return true;
  const script = doc.createElement('script');
  script.id = CHAT_WIDGET_SCRIPT_ID;
  script.async = true;
  script.src = src;
  script.charset = 'UTF-8';
  script.setAttribute('crossorigin', '*');
  doc.body.appendChild(script);
  return true;
}

/** Mounted once in root.tsx. Renders nothing; without a token it does nothing at all. */
export function ChatWidget({ token = siteConfig.chatWidgetToken }: { token?: string }) {
  useEffect(() => {
    if (!chatWidgetSrc(token)) return;
    return whenIdle(() => loadChatWidget(token));
  }, [token]);
  return null;
}
