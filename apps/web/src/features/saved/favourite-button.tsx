import { useState } from 'react';
import { HeartIcon } from '../../components/icons';
import { useFavourites } from './favourites-provider';

/**
 * The heart on a number card and a number's page: adds the number to the favourites or takes
 * it out (a toggle button, `aria-pressed`).
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
    if (busy) return;
    setBusy(true);
    try {
      await toggle(item);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      data-testid="favourite-button"
      aria-pressed={on}
      aria-label={
        on ? `Remove ${item.display} from favourites` : `Save ${item.display} to favourites`
      }
      title={on ? 'Saved to your favourites' : 'Save to favourites'}
      onClick={() => void onClick()}
      disabled={busy}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-rose-600 hover:bg-rose-50 disabled:cursor-wait ${className}`}
    >
      <HeartIcon filled={on} className="size-5" />
    </button>
  );
}
