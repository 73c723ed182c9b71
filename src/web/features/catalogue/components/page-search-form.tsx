import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { fieldBorder } from '@/components/ui/field';

/** How long typing pauses before the results follow it (the index answers in milliseconds: decision 033). */
export const TYPING_DEBOUNCE_MS = 100;

/**
 * The catalogue's own search box. Results follow the text as it is typed (`onType`, after a pause of about 100 ms);
 * submitting commits it at once.
 */
export function PageSearchForm({
  q,
  onSearch,
  onType = onSearch,
}: {
  q: string;
  onSearch: (q: string) => void;
  onType?: (q: string) => void;
}) {
  const id = useId();
  // Follows the URL (back button, a navbar search) until the visitor types. `sent`: the text last handed to
  // onType; when the URL arrives at it, the draft stays (typing may have gone on meanwhile).
  const [draft, setDraft] = useState<{ text: string; sent: string | null } | null>(null);
  const [urlQ, setUrlQ] = useState(q);
  if (urlQ !== q) {
    setUrlQ(q);
    if (draft && draft.sent !== q) setDraft(null);
  }
  const live = draft && (urlQ === q || draft.sent === q) ? draft : null;
  const text = live ? live.text : q;
  const typed = live ? live.text.trim() : null;
  // The latest callback, without restarting the pause at every render.
  const typeRef = useRef(onType);
  useLayoutEffect(() => {
    typeRef.current = onType;
  });
  useEffect(() => {
    if (typed === null || typed === q) return;
    const timer = setTimeout(() => {
      setDraft((d) => d && { ...d, sent: typed });
      typeRef.current(typed);
    }, TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q]);
  // Text typed into the server-rendered box before the app took over: hydration keeps it in the box but reports no
  // change, so it becomes the draft here (and is searched as any typing is).
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const early = inputRef.current?.value;
    if (early !== undefined && early !== q) setDraft({ text: early, sent: null });
    // Once, as the app takes over the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDraft(null);
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-1">
      {/* On a phone the box and its Search button say what it is: the label's line goes to the products. */}
      <label htmlFor={id} className="font-medium max-sm:sr-only">
        Search the catalogue
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          type="search"
          name="q"
          autoComplete="off"
          placeholder="Name, part number, brand or spec, e.g. 10 bar"
          className={`input w-full ${fieldBorder()}`}
          value={text}
          onChange={(e) => {
            const value = e.target.value;
            setDraft((d) => ({ text: value, sent: d?.sent ?? null }));
          }}
        />
        <button type="submit" className="btn btn-primary">
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </div>
    </form>
  );
}
