import { useId, useState, type FormEvent } from 'react';

/**
 * A console list's search box: what is typed is searched for when submitted (Enter or the
 * button), not on every key, so the list does not reload under the typing.
 */
export function ConsoleSearch({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  /** The search in force (from the address). */
  value: string;
  onSearch: (search: string) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      {/* As wide as 26rem where there is room, narrower on a phone (never wider than the page). */}
      <div className="min-w-0 max-w-104 flex-1 basis-64">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={placeholder}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <button type="submit" className="btn-primary">
        Search
      </button>
    </form>
  );
}
