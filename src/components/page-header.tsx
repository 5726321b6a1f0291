import '../lib/messages/shell.ts';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from './use-document-title.ts';
import { t } from '../lib/i18n.ts';

/** A crumb naming its item after the spec's word: "Event Detail: City Run"; the word alone until the name is known. */
export const named = (word: string, name?: string) => (name ? `${word}: ${name}` : word);

/**
 * A screen's heading and breadcrumb ("Home > Permissions"); crumbs with `href` are links (use
 * `~/…` for addresses outside the screen's nest). The heading also names the browser tab.
 */
export function PageHeader({ title, crumbs, actions }: { title: string; crumbs: { label: string; href?: string }[]; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        <nav aria-label={t('app.breadcrumb')}>
          <ol className="breadcrumb">
            {crumbs.map((c, i) => (
              <Fragment key={i}>
                <li aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.href ? <Link href={c.href}>{c.label}</Link> : c.label}</li>
              </Fragment>
            ))}
          </ol>
        </nav>
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </div>
  );
}
