import { useSearchParams } from 'react-router';

/**
 * A console list's page and filters, kept in the address (so a filtered list can be linked to
 * and survives a reload). `update` sets or clears ('' or undefined) parameters; a change of
 * filter goes back to the first page.
 */
export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const update = (changes: Record<string, string | number | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  return { search, page, update };
}
