import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { pageList, writeState, type SearchState } from '../lib/search-url';

/** Numbered pages as real links (each page has its URL), with Previous and Next. */
export function Pagination({
  state,
  lastPage,
  onNavigate,
}: {
  state: SearchState;
  lastPage: number;
  /** Called on following a link, so the page can move focus to the new results. */
  onNavigate: () => void;
}) {
  if (lastPage <= 1) return null;
  const href = (page: number) => `${paths.products}?${writeState({ ...state, page }).toString()}`;
  const step = (page: number, label: string) =>
    page >= 1 && page <= lastPage ? (
      <Link to={href(page)} className="btn btn-sm" onClick={onNavigate}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className="btn btn-sm btn-disabled">
        {label}
      </span>
    );
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>{step(state.page - 1, 'Previous')}</li>
        {pageList(state.page, lastPage).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-label={`Page ${p}`}
                aria-current={p === state.page ? 'page' : undefined}
                className={`btn btn-sm ${p === state.page ? 'btn-primary' : 'btn-ghost'}`}
                onClick={onNavigate}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>{step(state.page + 1, 'Next')}</li>
      </ul>
    </nav>
  );
}
