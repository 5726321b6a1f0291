import '../../lib/messages/reports.ts';
import { useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { LoadFailed } from '../../components/list-states.tsx';
import { useAction } from '../../components/use-action.ts';
import { useLoad } from '../../components/use-load.ts';
import { formatDateTime, t } from '../../lib/i18n.ts';
import type { ReportSchedule } from '../../common/contract/reports.ts';
import * as api from './api.ts';
import { ScheduleForm, weekdayName } from './schedule-form.tsx';

/**
 * The caller's report schedules (docs/reports.md "Reports on schedule"): an organiser's in its
 * console (`companyId`: kinds event and sales, recipients its own users), the platform's under
 * Settings for an administrator (`companyId` null: kind platform, recipients staff). Lists each
 * schedule with what it holds, when it goes, its recipients, its state and next due time; adds,
 * edits (in a dialog), pauses, resumes and deletes (after a confirmation). Loading, empty and
 * error states; a failed save keeps the form as typed, with the API's messages under their fields.
 * `titleShown` false: the page's own header already says "Reports" (the organiser's Reports
 * screen), so the panel's heading is kept for screen readers only, not shown a second time.
 */
export function ReportsPanel({ companyId, titleShown = true }: { companyId: number | null; titleShown?: boolean }) {
  const platform = companyId === null;
  const { data, error, retry } = useLoad(async () => {
    const [schedules, recipients, events] = await Promise.all([
      api.listSchedules(),
      api.recipientChoices(),
      platform ? Promise.resolve([]) : api.organiserEvents(companyId),
    ]);
    return { schedules, recipients, events };
  }, [companyId]);
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const acting = useAction();
  const titleId = useId();
  const eventTitle = (id: number | null) => data?.events.find((e) => e.id === id)?.title ?? (id === null ? '' : `#${id}`);

  return (
    <section className="card reports" aria-labelledby={titleId}>
      <div className="reports-head">
        <h2 id={titleId} className={titleShown ? undefined : 'sr-only'}>
          {t('reports.title')}
        </h2>
        {data && (
          <Button onClick={() => setEditing('new')} disabled={data.recipients.length === 0}>
            {t('reports.add')}
          </Button>
        )}
      </div>
      <p className="muted">{t('reports.intro')}</p>
      {platform && <p className="muted">{t('reports.platformIntro')}</p>}
      {!data && error === null && (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('reports.loading')}
        </p>
      )}
      {error !== null && <LoadFailed what={t('reports.title')} failure={error} onRetry={retry} />}
      {data && data.recipients.length === 0 && <p className="muted">{t('reports.noRecipients')}</p>}
      {data && data.schedules.length === 0 && <p className="reports-empty">{t('reports.none')}</p>}
      {data && data.schedules.length > 0 && (
        <div className="table-wrap">
          <table className="table reports-table">
            <caption className="sr-only">{t('reports.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.name')}</th>
                <th scope="col">{t('reports.kind')}</th>
                <th scope="col">{t('reports.frequency')}</th>
                <th scope="col">{t('reports.recipients')}</th>
                <th scope="col">{t('reports.status')}</th>
                <th scope="col">{t('reports.next')}</th>
                <th scope="col">{t('reports.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.schedules.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  <td>
                    {t(`reports.kind.${s.kind}`)}
                    {s.kind === 'event' && <small className="muted reports-event">{eventTitle(s.event_id)}</small>}
                  </td>
                  <td>{cadenceText(s)}</td>
                  <td>
                    <ul className="reports-recipients">
                      {s.recipients.map((r) => (
                        <li key={r.id}>
                          {r.name || r.email}
                          {r.unsubscribed && <span className="muted"> ({t('reports.unsubscribed')})</span>}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>{statusText(s)}</td>
                  <td>{s.next_due_at === null ? t('reports.nextNone') : formatDateTime(s.next_due_at)}</td>
                  <td className="reports-actions">
                    <Button variant="secondary" onClick={() => setEditing(s)} aria-label={t('reports.editNamed', { name: s.name })}>
                      {t('reports.edit')}
                    </Button>
                    {s.status === 'active' ? (
                      <Button
                        variant="secondary"
                        busy={acting.busy}
                        aria-label={t('reports.pauseNamed', { name: s.name })}
                        onClick={() => void acting.run(() => api.setStatus(s.id, 'paused'), { success: t('reports.pausedDone'), onSuccess: () => retry() })}
                      >
                        {t('reports.pause')}
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        busy={acting.busy}
                        aria-label={t('reports.resumeNamed', { name: s.name })}
                        onClick={() => void acting.run(() => api.setStatus(s.id, 'active'), { success: t('reports.resumed'), onSuccess: () => retry() })}
                      >
                        {t('reports.resume')}
                      </Button>
                    )}
                    <Button variant="danger" onClick={() => setDeleting(s)} aria-label={t('reports.deleteNamed', { name: s.name })}>
                      {t('reports.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && editing && (
        <ScheduleForm
          schedule={editing === 'new' ? null : editing}
          platform={platform}
          events={data.events}
          recipients={data.recipients}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            retry();
          }}
        />
      )}
      {deleting && (
        <ConfirmModal
          title={t('reports.delete')}
          text={t('reports.deleteAsk', { name: deleting.name })}
          confirmLabel={t('reports.delete')}
          busy={acting.busy}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            void acting.run(() => api.deleteSchedule(deleting.id), {
              success: t('reports.deleted'),
              onSuccess: () => {
                setDeleting(null);
                retry();
              },
            })
          }
        />
      )}
    </section>
  );
}

/** "Daily at 08:00 (Europe/Berlin)", "Every Monday at …", "Monthly on day 1 at …". */
function cadenceText(s: Pick<ReportSchedule, 'frequency' | 'time' | 'time_zone' | 'weekday' | 'month_day'>) {
  const at = { time: s.time, timeZone: s.time_zone };
  if (s.frequency === 'weekly') return t('reports.when.weekly', { ...at, weekday: weekdayName(s.weekday ?? 1) });
  if (s.frequency === 'monthly') return t('reports.when.monthly', { ...at, day: s.month_day ?? 1 });
  return t('reports.when.daily', at);
}

/** Active, Paused, or "Stopped: <why>". */
const statusText = (s: ReportSchedule) =>
  s.status === 'active' ? t('reports.active') : s.status === 'paused' ? t('reports.paused') : t('reports.stoppedWhy', { reason: s.stopped_reason });

/** Intl's time zone names, with `saved` among them when Intl does not list it (an older alias). */
