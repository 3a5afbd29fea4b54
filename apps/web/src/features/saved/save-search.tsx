import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BusyButton } from '../../components/busy-button';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useIsSignedIn } from '../auth';
import { saveSearch, SAVED_SEARCHES_QUERY_KEY } from './api/saved-searches';

/**
 * "Save this search" under a listing's filters, for a signed-in buyer: the filters as they are
 * in the address, under a name the buyer may change. New numbers matching it come in the daily
 * alert e-mail.
 */
export function SaveSearch(props: { query: string; suggestedName: string }) {
  const signedIn = useIsSignedIn();
  return signedIn && props.query ? <SaveSearchForm {...props} /> : null;
}

function SaveSearchForm({ query, suggestedName }: { query: string; suggestedName: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const nameId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  if (saved === query) {
    return (
      <p className="mt-3 text-sm text-emerald-800" data-testid="search-saved">
        Search saved. We will e-mail you when new numbers match it.{' '}
        <Link to="/saved" className="font-semibold underline underline-offset-4">
          See your saved searches
        </Link>
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={() => {
          setName(suggestedName.slice(0, 60));
          setOpen(true);
        }}
      >
        Save this search
      </button>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await saveSearch({ name, query });
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY });
      setSaved(query);
      setOpen(false);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The search could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="mt-3 flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-3"
    >
      <label
        htmlFor={nameId}
        className="flex min-w-56 flex-1 flex-col text-sm font-medium text-slate-800"
      >
        Name this search
        <input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={60}
          className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
      </label>
      <BusyButton type="submit" className="btn-primary" busy={saving}>
        {saving ? 'Saving' : 'Save search'}
      </BusyButton>
      <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
