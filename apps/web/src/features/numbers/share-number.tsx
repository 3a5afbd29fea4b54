import { useSyncExternalStore } from 'react';
import { WhatsAppIcon } from '../../components/icons';
import { useToast } from '../../components/toast';
import { absoluteUrl, siteConfig } from '../../lib/site-config';

/** The WhatsApp link that shares `text` with any chat the sender picks. */
function whatsappShareLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

const noSubscription = () => () => {};
const canShareNatively = () => typeof navigator.share === 'function';
const cannotShareOnServer = () => false;

/**
 * Share a number's page: the phone's own share sheet (Web Share API, where the browser has it),
 * a WhatsApp link, and copying the link. The link is the page's public address.
 */
export function ShareNumber({ display, path }: { display: string; path: string }) {
  const toast = useToast();
  const url = absoluteUrl(path);
  const text = `VIP mobile number ${display} at ${siteConfig.storeName}`;
  // Known only in the browser; the server and the first render leave the button out.
  const native = useSyncExternalStore(noSubscription, canShareNatively, cannotShareOnServer);

  const share = async () => {
    try {
      await navigator.share({ title: text, text, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error('This phone could not share the link. Copy it instead.');
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.info(`Copy this link: ${url}`);
    }
  };

  return (
    <div role="group" aria-label="Share this number" className="flex flex-wrap gap-2">
      {native ? (
        <button type="button" onClick={() => void share()} className="btn-secondary">
          Share…
        </button>
      ) : null}
      <a
        href={whatsappShareLink(`${text}: ${url}`)}
        target="_blank"
        rel="noopener noreferrer"
        className="btn-secondary"
      >
        <WhatsAppIcon className="size-4 text-[#1f9d55]" />
        Share on WhatsApp
      </a>
      <button type="button" onClick={() => void copy()} className="btn-secondary">
        Copy link
      </button>
    </div>
  );
}
