import { NewTabLink } from './new-tab-link';

/**
 * The notice at a form that takes personal data (DPDP Act 2023 s.5, decision 0057): what the
 * details are for, in one line, and the privacy policy's link (a new tab: the form keeps what
 * was typed).
 */
export function PrivacyNotice({
  purpose,
  className = '',
}: {
  purpose: string;
  className?: string;
}) {
  return (
    <p className={`text-sm text-slate-600 ${className}`}>
      {purpose} How we keep your details, and your rights:{' '}
      <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink>
    </p>
  );
}

/** The WhatsApp box of registration and the profile: what it sends, and nothing else (F5). */
export const WHATSAPP_UPDATES_LABEL = 'Send me order and porting updates on WhatsApp';
