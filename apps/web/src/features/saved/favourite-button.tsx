import { useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { HeartIcon } from '../../components/icons';
import { useFavourites } from './favourites-provider';

/**
 * The heart on a number card and a number's page: adds the number to the favourites or takes
 * it out (a toggle button, `aria-pressed`), keeping the focus while it does (BusyButton).
 */
export function FavouriteButton({
  item,
  className = '',
}: {
  item: { id: number; number: string; display: string };
  className?: string;
}) {
  const { isFavourite, toggle } = useFavourites();
  const [busy, setBusy] = useState(false);
  const on = isFavourite(item.id);

  const onClick = async () => {
    setBusy(true);
    try {
      await toggle(item);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BusyButton
      data-testid="favourite-button"
      aria-pressed={on}
      aria-label={
        on ? `Remove ${item.display} from favourites` : `Save ${item.display} to favourites`
      }
      title={on ? 'Saved to your favourites' : 'Save to favourites'}
      onClick={() => void onClick()}
      busy={busy}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-rose-600 hover:bg-rose-50 aria-disabled:cursor-wait ${className}`}
    >
      <HeartIcon filled={on} className="size-5" />
    </BusyButton>
  );
}
