import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { SuggestResult } from '@shared/catalogue/search.schema';
import { paths } from '@/config/paths';
import { MemberPrice } from '@/components/ui/member-price';
import { useSuggestions } from '../api/get-suggestions';
import { dollarsToCents } from '@shared/common/money';
import { comboboxKey, type ComboboxState } from '../lib/combobox-keys';

const DEBOUNCE_MS = 100;

interface Option {
  id: string;
  group: 'Products' | 'Categories' | 'Part numbers';
  label: string;
  detail: ReactNode;
  href: string;
  img?: string;
}

function optionsOf(data: SuggestResult | undefined, idBase: string): Option[] {
  if (!data) return [];
  return [
    ...data.products.map((p) => ({
      group: 'Products' as const,
      label: p.name,
      // A member's contract price with the list price struck through, as on the cards (decision 039).
      detail: (
        <>
          {p.sku} ·{' '}
          <MemberPrice
            as="span"
            priceCents={dollarsToCents(p.price)}
            contractPriceCents={p.contractPriceCents}
          />
        </>
      ),
      href: paths.product(p._id),
      img: p.img,
    })),
    ...data.categories.map((c) => ({
      group: 'Categories' as const,
      label: c.name,
      detail: 'Category',
      href: `${paths.products}?category=${c.slug}`,
    })),
    ...data.skus.map((s) => ({
      group: 'Part numbers' as const,
      label: s.sku,
      detail: s.name,
      href: paths.product(s._id),
    })),
  ].map((o, i) => ({ ...o, id: `${idBase}-${i}` }));
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Turns the navbar's plain search input into an ARIA combobox with suggestions (products, categories, part
 * numbers). It takes over the existing input (loaded on its first focus) instead of rendering its own, so the
 * field keeps its focus, caret and phone keyboard while this code arrives.
 */
export default function SearchCombobox({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const navigate = useNavigate();
  const listId = useId();
  // Both are set from the field as soon as the listeners are attached (it may hold text typed while loading).
  const [text, setText] = useState('');
  const [ui, setUi] = useState<ComboboxState>({ open: false, active: -1 });
  const query = useDebounced(text, DEBOUNCE_MS);
  const suggestions = useSuggestions(query);
  const options = optionsOf(query ? suggestions.data : undefined, listId);
  const shown = ui.open && text.length > 0 && query.length > 0;

  // The latest values for the DOM listeners below, which are attached once.
  const latest = useRef({ ui, options });
  useLayoutEffect(() => {
    latest.current = { ui, options };
  });

  useEffect(() => {
    const el = input.current;
    const form = el?.form;
    if (!el || !form) return;
    const go = (href: string) => {
      el.value = '';
      setText('');
      el.blur();
      void navigate(href);
    };
    const search = () => {
      const q = el.value.trim();
      if (q) go(`${paths.products}?${new URLSearchParams({ q })}`);
    };
    const onInput = () => {
      setText(el.value.trim());
      setUi({ open: el.value.trim().length > 0, active: -1 });
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const { ui, options } = latest.current;
      const r = comboboxKey(ui, e, options.length);
      if (r.handled) e.preventDefault();
      setUi(r.state);
      if (r.action.type === 'select') go(options[r.action.index]!.href);
      else if (r.action.type === 'submit') search();
      else if (r.action.type === 'clear') {
        el.value = '';
        setText('');
      }
    };
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      search();
    };
    const onBlur = () => setUi({ open: false, active: -1 });
    const onFocus = () => setUi((s) => ({ ...s, open: el.value.trim().length > 0 }));
    el.addEventListener('input', onInput);
    el.addEventListener('keydown', onKeyDown);
    el.addEventListener('blur', onBlur);
    el.addEventListener('focus', onFocus);
    form.addEventListener('submit', onSubmit);
    // Whatever was typed while this code was loading.
    onInput();
    el.setAttribute('role', 'combobox');
    el.setAttribute('aria-autocomplete', 'list');
    el.setAttribute('aria-controls', listId);
    return () => {
      el.removeEventListener('input', onInput);
      el.removeEventListener('keydown', onKeyDown);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('focus', onFocus);
      form.removeEventListener('submit', onSubmit);
    };
  }, [input, listId, navigate]);

  const activeId = shown && ui.active >= 0 ? options[ui.active]?.id : undefined;
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(shown && options.length > 0));
    if (activeId) el.setAttribute('aria-activedescendant', activeId);
    else el.removeAttribute('aria-activedescendant');
  }, [input, shown, options.length, activeId]);

  const groups = (['Products', 'Categories', 'Part numbers'] as const)
    .map((name) => ({ name, items: options.filter((o) => o.group === name) }))
    .filter((g) => g.items.length > 0);
  const status = !shown
    ? ''
    : suggestions.isFetching && options.length === 0
      ? 'Searching…'
      : options.length === 0
        ? 'No suggestions. Press Enter to search all products.'
        : `${options.length} suggestions. Use the up and down arrow keys to choose.`;

  return (
    <>
      <p role="status" className="sr-only">
        {status}
      </p>
      <div
        className={`absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-box border border-base-300 bg-base-100 shadow-lg ${shown ? '' : 'hidden'}`}
      >
        <ul id={listId} role="listbox" aria-label="Search suggestions" className="py-1">
          {groups.map((g, i) => (
            <li key={g.name} role="presentation">
              <ul role="group" aria-labelledby={`${listId}-g${i}`}>
                <li
                  role="presentation"
                  id={`${listId}-g${i}`}
                  className="px-3 pt-2 pb-1 text-xs font-semibold text-base-content/70 uppercase"
                >
                  {g.name}
                </li>
                {g.items.map((o) => (
                  <li
                    key={o.id}
                    id={o.id}
                    role="option"
                    aria-selected={o.id === activeId}
                    className="cursor-pointer px-3 py-2 aria-selected:bg-primary aria-selected:text-primary-content hover:bg-base-200"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      const el = input.current;
                      if (el) {
                        el.value = '';
                        el.blur();
                      }
                      setText('');
                      void navigate(o.href);
                    }}
                  >
                    <span className="flex items-center gap-3">
                      {o.img && (
                        <img
                          src={o.img}
                          alt=""
                          width={40}
                          height={40}
                          loading="lazy"
                          className="size-10 shrink-0 rounded bg-base-200 object-cover"
                        />
                      )}
                      <span className="min-w-0">
                        <span className="block font-medium">{o.label}</span>
                        <span className="block text-sm opacity-80">{o.detail}</span>
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {shown && options.length === 0 && <p className="px-3 py-2 text-sm text-base-content/75">{status}</p>}
      </div>
    </>
  );
}
