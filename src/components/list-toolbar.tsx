import '../lib/messages/shell.ts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { PAGE_SIZES } from './list-query.ts';
import { countWords } from './count-words.ts';
import type { ListQueryState } from './use-list-query.ts';
import type { ListState } from './use-list.ts';
import { useFeedback } from './use-feedback.ts';
import { t } from '../lib/i18n.ts';
import type { ExportFormat } from '../common/list-export.ts';

/** How long typing rests before the search runs, in ms. */
export const SEARCH_DEBOUNCE_MS = 250;

/** A filter select: its address/API parameter, visible label, and options as [value, text]. */
export interface FilterDef {
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
}

/**
 * The bar above a list: a search box (debounced, kept in `?q=`), the screen's filters, the
 * count ("1,234 users"; "10,000+ users" with a Count exactly link when the server capped it), the page-size choice (10/25/50/100; the screen's spec size until one
 * is chosen), export of the current filtered, sorted list as CSV or `.xlsx` (`onExport(format)`), and `children` (the bulk bar).
 */
export function ListToolbar<T extends { id: number }>({
  list,
  noun,
  plural,
  searchLabel,
  filters = [],
  onExport,
  count,
  children,
}: {
  list: ListState<T>;
  noun: string;
  /** Said instead of the count when the screen knows better than "0 users" (a role that may manage no users). */
  count?: string;
  plural?: string;
  searchLabel: string;
  filters?: FilterDef[];
  onExport?: (format: ExportFormat) => Promise<void>;
  children?: ReactNode;
}) {
  const { lq } = list;
  const id = useId();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const { failed } = useFeedback();
  const perPage = lq.query.perPage ?? list.perPage ?? '';
  const sizes = perPage && !(PAGE_SIZES as readonly number[]).includes(Number(perPage)) ? [Number(perPage), ...PAGE_SIZES] : PAGE_SIZES;

  const runExport = async (format: ExportFormat) => {
    if (!onExport || exporting) return;
    setExporting(format);
    try {
      await onExport(format);
    } catch (err) {
      failed(err);
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="list-toolbar">
      <div className="list-toolbar-row">
        <SearchBox lq={lq} label={searchLabel} />
        {filters.map((f) => (
          <label key={f.name} className="list-filter">
            <span>{f.label}</span>
            <select aria-label={f.label} value={lq.query.filters[f.name] ?? ''} onChange={(e) => lq.setFilter(f.name, e.target.value)}>
              <option value="">{t('list.all')}</option>
              {f.options.map(([v, t]) => (
                <option key={v} value={v}>
                  {t}
                </option>
              ))}
            </select>
          </label>
        ))}
        <span className="list-count" aria-live="polite">
          {count ?? (list.loading && !list.rows.length ? '' : countWords(list.total, noun, plural, list.totalCapped))}
        </span>
        {list.totalCapped && (
          <Button variant="link" busy={list.loading} onClick={list.countExactly}>
            {t('list.countExactly')}
          </Button>
        )}
        <label className="list-filter" htmlFor={`${id}-pp`}>
          <span>{t('list.perPage')}</span>
          <select id={`${id}-pp`} value={String(perPage)} onChange={(e) => lq.setPerPage(Number(e.target.value) || null)}>
            {sizes.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {onExport && (
          <>
            <Button variant="secondary" busy={exporting === 'csv'} onClick={() => void runExport('csv')}>
              {t('list.exportCsv')}
            </Button>
            <Button variant="secondary" busy={exporting === 'xlsx'} onClick={() => void runExport('xlsx')}>
              {t('list.exportXlsx')}
            </Button>
          </>
        )}
      </div>
      {children}
    </div>
  );
}

/** The search box: local text, written to the address SEARCH_DEBOUNCE_MS after typing stops. */
export function SearchBox({ lq, label }: { lq: ListQueryState; label: string }) {
  const [text, setText] = useState(lq.query.q);
  const committed = useRef(lq.query.q);
  // Back/forward or "Clear search" change the address: show what it says.
  useEffect(() => {
    if (lq.query.q !== committed.current) {
      committed.current = lq.query.q;
      setText(lq.query.q);
    }
  }, [lq.query.q]);
  const { setSearch } = lq;
  useEffect(() => {
    if (text.trim() === committed.current) return;
    const t = setTimeout(() => {
      committed.current = text.trim();
      setSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, setSearch]);
  return (
    <label className="list-search">
      <span className="sr-only">{label}</span>
      <input type="search" value={text} placeholder={label} maxLength={255} onChange={(e) => setText(e.target.value)} />
    </label>
  );
}

/** The empty state of a searched or filtered list: "No results for …" and a way back. */
export function NoResults({ lq }: { lq: ListQueryState }) {
  const clear = () => lq.update(Object.fromEntries([['q', null], ...Object.keys(lq.query.filters).map((k) => [k, null])]));
  return (
    <>
      {lq.query.q ? t('list.noResultsFor', { query: lq.query.q }) : t('list.noResultsFilters')}{' '}
      <Button variant="link" onClick={clear}>
        {lq.query.q ? t('list.clearSearch') : t('list.clearFilters')}
      </Button>
    </>
  );
}
