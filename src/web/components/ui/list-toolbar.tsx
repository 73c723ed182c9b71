import { pageSizes } from '@shared/common/paging';
import { SelectField } from './field';
import { SearchBox } from './paged-list';

/** One labelled choice above a list: its URL key, its current value and its options as [value, label]. */
export interface ListChoice<K extends string> {
  name: K;
  label: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
}

type Changes<K extends string> = Partial<Record<K | 'q' | 'limit', string>>;

interface ListToolbarProps<K extends string> {
  search: { label: string; placeholder: string; value: string };
  /** The filters and the sort, in the order shown; "Rows per page" is added after them. */
  choices: ListChoice<K>[];
  limit: string;
  /** Every change names the keys it sets, `q` for the search and `limit` for the page size. */
  onChange(changes: Changes<K>): void;
}

// Tailwind sees only whole class names, so the column counts a toolbar can have are spelled out.
const columns: Record<number, string> = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4' };

/** The search box, filters, sort and page size above a server-paged admin list. */
export function ListToolbar<K extends string>({ search, choices, limit, onChange }: ListToolbarProps<K>) {
  const all = [
    ...choices,
    {
      name: 'limit' as const,
      label: 'Rows per page',
      value: limit,
      options: pageSizes.map((n) => [String(n), String(n)] as const),
    },
  ];
  return (
    <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
      <SearchBox {...search} onSearch={(q) => onChange({ q } as Changes<K>)} />
      <div className={`grid grid-cols-2 gap-3 ${columns[all.length] ?? 'sm:grid-cols-4'}`}>
        {all.map((choice) => (
          <SelectField
            key={choice.name}
            label={choice.label}
            value={choice.value}
            onChange={(e) => onChange({ [choice.name]: e.currentTarget.value } as Changes<K>)}
          >
            {choice.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
    </div>
  );
}
