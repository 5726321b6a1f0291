import '../../lib/messages/shell.ts';
import '../../lib/messages/activity.ts';
import { Link, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { useList, type ListParams } from '../../components/use-list.ts';
import { mayUndoImport, recordHref, type ActivityRow } from '../../common/activity.ts';
import { actionChoices, resourceChoices, resourceWord, sayActivity, sayImportOutcome } from '../../components/activity-words.ts';
import { activity, ACTIVITY_LIST } from './api.ts';
import { Changes, shownTime } from '../../components/activity-changes.tsx';
import { UndoImport } from '../../components/undo-import.tsx';
import { currentLocale, t } from '../../lib/i18n.ts';
import type { ExportFormat } from '../../common/list-export.ts';

/**
 * Activity at /admin/activity, and an organiser's own at
 * /admin/organizer/{id}/activity (`organizer_id` from the route goes with every call): newest
 * first, filters by action, record type, actor (a row's name sets it) and date range (UTC days),
 * search by record label, CSV export; every filter and the page live in the address. Sign-ins
 * are left out unless "Show sign-ins" is ticked (`sign_ins=shown`; the server leaves them out, so
 * pages and counts agree) or the Record filter asks for them. Each entry links to its record while
 * it exists ("(deleted)" once it does not); an import's entry says how it ended, and offers Undo
 * only while undo would still remove something (asked of the server per entry, UndoImport checkFirst).
 */
export default function ActivityScreen() {
  const { companyId } = useParams<{ companyId?: string }>();
  const calls = companyId ? scoped(companyId) : activity;
  const list = useList(calls.list, ACTIVITY_LIST, [companyId]);
  const { lq } = list;
  const f = lq.query.filters;
  const actor = f.actor_id ? (list.rows.find((r) => String(r.actor_id) === f.actor_id)?.actor_name ?? `#${f.actor_id}`) : null;
  return (
    <>
      <PageHeader title={t('activity.title')} crumbs={[{ label: t('nav.home'), href: companyId ? '' : '~/admin' }, { label: t('activity.title') }]} />
      <div className="card">
        <ListToolbar
          list={list}
          noun="entry"
          plural="entries"
          searchLabel={t('activity.search')}
          onExport={(format) => calls.exportList(lq.params, format)}
          filters={[
            { name: 'action', label: t('activity.action'), options: actionChoices() },
            { name: 'resource', label: t('activity.record'), options: resourceChoices() },
          ]}
        >
          <div className="list-toolbar-row activity-filters">
            <label className="list-filter">
              <span>{t('activity.from')}</span>
              <input type="date" value={f.from ?? ''} max={f.to} onChange={(e) => lq.setFilter('from', e.target.value)} />
            </label>
            <label className="list-filter">
              <span>{t('activity.to')}</span>
              <input type="date" value={f.to ?? ''} min={f.from} onChange={(e) => lq.setFilter('to', e.target.value)} />
            </label>
            <label className="list-filter activity-sign-ins">
              <input type="checkbox" checked={f.sign_ins === 'shown'} onChange={(e) => lq.setFilter('sign_ins', e.target.checked ? 'shown' : '')} />
              <span>{t('activity.showSignIns')}</span>
            </label>
            {actor && (
              <span className="filter-chip">
                {t('activity.who', { name: actor })}
                <button
                  type="button"
                  className="btn btn-link"
                  aria-label={t('activity.showEveryone', { name: actor })}
                  onClick={() => lq.setFilter('actor_id', '')}
                >
                  ×
                </button>
              </span>
            )}
          </div>
        </ListToolbar>
        <ListTable<ActivityRow>
          list={list}
          label={(r) => sayActivity(r)}
          emptyText={t('activity.empty')}
          caption={t('activity.title')}
          columns={[
            { header: t('activity.time'), cell: (r) => <time dateTime={new Date(Number(r.at)).toISOString()}>{shownTime(r.at)}</time> },
            {
              header: t('activity.whoColumn'),
              cell: (r) =>
                r.actor_id ? (
                  <button
                    type="button"
                    className="btn btn-link"
                    title={t('activity.onlyThisPerson')}
                    onClick={() => lq.setFilter('actor_id', String(r.actor_id))}
                  >
                    {r.actor_name || t('activity.userNumber', { id: String(r.actor_id) })}
                  </button>
                ) : (
                  <span className="muted">{r.actor_name || t('activity.unknown')}</span>
                ),
            },
            { header: t('activity.role'), cell: (r) => r.actor_role },
            { header: t('activity.what'), cell: (r) => <What row={r} onUndone={() => void list.reload()} /> },
            { header: t('activity.address'), cell: (r) => <span className="muted">{r.ip}</span> },
          ]}
        />
      </div>
    </>
  );
}

/** An entry's "What": its sentence with a link to the record (or "(deleted)"), its changes, and an import's end state and Undo. */
function What({ row, onUndone }: { row: ActivityRow; onUndone: () => void }) {
  const href = recordHref(row);
  const word = resourceWord(row.resource).toLocaleLowerCase(currentLocale());
  const outcome = sayImportOutcome(row.import_job, shownTime);
  return (
    <>
      <div>
        {sayActivity(row)}
        {href && (
          <>
            {' '}
            <Link
              href={href}
              className="activity-open"
              aria-label={row.label ? t('activity.openNamed', { record: word, label: row.label }) : t('activity.open', { record: word })}
            >
              {t('activity.open', { record: word })}
            </Link>
          </>
        )}
        {!href && row.record && !row.record.exists && (
          <>
            {' '}
            <span className="muted activity-deleted">{t('activity.deleted')}</span>
          </>
        )}
      </div>
      <Changes row={row} />
      {outcome && <div className="activity-outcome">{outcome}</div>}
      {row.action === 'import' && row.resource_id && mayUndoImport(row.import_job) && <UndoImport jobId={row.resource_id} onUndone={onUndone} checkFirst />}
    </>
  );
}

/** The organiser console's calls: the same list, scoped to the organiser in the address. */
function scoped(companyId: string) {
  return {
    list: (p: ListParams) => activity.list({ ...p, organizer_id: companyId }),
    exportList: (p: ListParams, format?: ExportFormat) => activity.exportList({ ...p, organizer_id: companyId }, format),
  };
}
