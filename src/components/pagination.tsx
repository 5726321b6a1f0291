import '../lib/messages/shell.ts';
import clsx from 'clsx';
import { t } from '../lib/i18n.ts';

/**
 * The reusable pager of admin-area §2: a previous link unless on page 1, numbered pages with the
 * active one highlighted, a next link unless on the last page. Hidden when there is one page or
 * none. Links carry real `?page=N` addresses so they work with the keyboard and a new tab;
 * a plain click calls `onChange` with the chosen page. `more`: the total was capped ("10,000+"),
 * so the last page is not known: the numbers end in a gap instead of a last page.
 */
export function Pagination({
  page,
  lastPage,
  onChange,
  label = t('pager.label'),
  more = false,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label?: string;
  more?: boolean;
}) {
  if (lastPage <= 1) return null;
  const link = (p: number, text: string, extra?: { rel?: string; current?: boolean }) => (
    <li key={text} className={clsx('page-item', extra?.current && 'active')}>
      <a
        className="page-link"
        href={`?page=${p}`}
        rel={extra?.rel}
        aria-current={extra?.current ? 'page' : undefined}
        aria-label={extra?.rel ? undefined : t('pager.page', { page: p })}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onChange(p);
        }}
      >
        {text}
      </a>
    </li>
  );
  return (
    <nav aria-label={label}>
      <ul className="pagination">
        {page !== 1 && link(page - 1, t('pager.previous'), { rel: 'prev' })}
        {pageWindow(page, lastPage, more).map((p, i) =>
          p === null ? (
            <li key={`gap${i}`} className="page-item gap" aria-hidden="true">
              …
            </li>
          ) : (
            link(p, String(p), { current: p === page })
          ),
        )}
        {page !== lastPage && link(page + 1, t('pager.next'), { rel: 'next' })}
      </ul>
    </nav>
  );
}

/**
 * Page numbers to show: all when few, else first, last and two around the current, null for a
 * gap. `more` (last page unknown): no last page, and a gap after the numbers shown.
 */
export function pageWindow(page: number, last: number, more = false): (number | null)[] {
  if (last <= 9 && !more) return Array.from({ length: last }, (_, i) => i + 1);
  const out: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || (p === last && !more) || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  if (more && out[out.length - 1] !== null) out.push(null);
  return out;
}
