import { useId, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@/lib/api-page';
import type { ListState } from '@/lib/use-list-state';
import { ListWaiting } from './query-list';

interface SearchBoxProps {
  label: string;
  value: string;
  placeholder?: string;
  onSearch(text: string): void;
}

/** A labelled search field that applies on Enter or the Search button (one request per search, not per key). */
export function SearchBox({ label, value, placeholder, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed underneath (back button, a reset): show what is searched.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <form
      role="search"
      className="flex min-w-0 flex-1 flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="join w-full">
        <input
          id={id}
          type="search"
          className="input join-item w-full border border-base-content/50"
          value={text}
          placeholder={placeholder}
          maxLength={200}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" className="btn join-item btn-primary">
          Search
        </button>
      </div>
    </form>
  );
}

interface PagedListProps<T> {
  query: UseQueryResult<Page<T>>;
  /** Plural noun for the status line and messages, e.g. "orders". */
  noun: string;
  limit: number;
  /** Where the list is and how to move: the list's URL state (useListState). */
  list: Pick<ListState<string>, 'pageIndex' | 'hasPrevious' | 'cursor' | 'next' | 'previous' | 'first'>;
  empty: ReactNode;
  skeleton?: { count: number; className: string };
  children: (items: T[], offset: number) => ReactNode;
}

const count = new Intl.NumberFormat('en-US');

/**
 * A server-paged list's loading, error and empty states, the page itself (dimmed while the next one loads), and
 * the pager: a status line read out on each change, and First / Previous / Next page buttons.
 */
export function PagedList<T>(props: PagedListProps<T>) {
  const { query, noun, limit, list, empty, skeleton = { count: 5, className: 'h-12' } } = props;
  const { pageIndex, hasPrevious } = list;
  // The page is not the first (a cursor is in the URL).
  const isLaterPage = list.cursor !== undefined;
  const statusId = useId();
  if (query.isPending || query.isError) {
    return (
      <ListWaiting query={query} loadingLabel={`Loading ${noun}…`} what={`the ${noun}`} skeleton={skeleton} />
    );
  }
  const { items, total, nextCursor } = query.data;
  const offset = pageIndex * limit;
  const busy = query.isFetching && query.isPlaceholderData;
  const range =
    items.length === 0
      ? `No ${noun}`
      : isLaterPage && pageIndex === 0
        ? `Showing ${count.format(items.length)} of ${count.format(total)} ${noun}`
        : `Showing ${count.format(offset + 1)}–${count.format(offset + items.length)} of ${count.format(total)} ${noun}`;
  return (
    <>
      <p id={statusId} role="status" className="mt-4 text-sm text-base-content/75">
        {busy ? `Loading ${noun}…` : range}
      </p>
      <div
        aria-busy={busy}
        aria-describedby={statusId}
        className={busy ? 'opacity-60 transition-opacity' : ''}
      >
        {items.length === 0 ? empty : props.children(items, offset)}
      </div>
      {(isLaterPage || nextCursor) && (
        <nav aria-label={`Pages of ${noun}`} className="mt-4 flex flex-wrap gap-2">
          {isLaterPage && !hasPrevious && (
            <button type="button" className="btn btn-sm" onClick={list.first}>
              First page
            </button>
          )}
          {hasPrevious && (
            <button type="button" className="btn btn-sm" disabled={busy} onClick={list.previous}>
              Previous page
            </button>
          )}
          {nextCursor && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={busy}
              onClick={() => list.next(nextCursor)}
            >
              Next page
            </button>
          )}
        </nav>
      )}
    </>
  );
}

interface ScrollTableProps {
  /** The region's name, e.g. "Users table". */
  label: string;
  caption: string;
  children: ReactNode;
}

/**
 * A list's table. In a narrow box it becomes one card per row (`card-table` in styles.css: give each cell its
 * column's name in `data-label`); a wide table still scrolls sideways in its own keyboard-reachable region rather
 * than the page.
 */
export function ScrollTable({ label, caption, children }: ScrollTableProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="card-table mt-2 overflow-x-auto rounded-box border border-base-300 bg-base-100"
    >
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
