/** The page frame root.tsx puts around every route: header, footer, WhatsApp button, chat. */
export { ChatWidget } from './chat-widget';
export { SiteShell } from './site-shell';
