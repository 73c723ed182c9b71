import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { fieldBorder } from '@/components/ui/field';

/** The catalogue's own search box: the text is committed (and the URL changes) on submit. */
export function PageSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  // Follows the URL (back button, a navbar search) until the visitor types.
  const [draft, setDraft] = useState<{ for: string; text: string } | null>(null);
  const text = draft && draft.for === q ? draft.text : q;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDraft(null);
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        Search the catalogue
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          name="q"
          autoComplete="off"
          placeholder="Name, part number, brand or spec, e.g. 10 bar"
          className={`input w-full ${fieldBorder()}`}
          value={text}
          onChange={(e) => setDraft({ for: q, text: e.target.value })}
        />
        <button type="submit" className="btn btn-primary">
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </div>
    </form>
  );
}
