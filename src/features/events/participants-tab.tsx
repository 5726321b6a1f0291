import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import '../../lib/messages/participants.ts';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { useList } from '../../components/use-list.ts';
import { useLiveList, withLive } from '../../components/use-live-list.ts';
import { LiveNotice } from '../../components/live-notice.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import type { Funnel } from '../../common/contract/participants.ts';
import * as api from './api.ts';
import { FaceSearchCard } from './face-search-card.tsx';
import { AddParticipantModal } from './add-participant-modal.tsx';
import { useImportJob } from '../../components/use-import-job.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import type { Participant } from '../../common/contract/participants.ts';
import { UndoImport } from '../../components/undo-import.tsx';
import { lazyPart } from '../../components/lazy-part.tsx';
import { NotifyParticipants } from './notify-participants.tsx';
import { participantColumns } from './participant-columns.tsx';
import { formatNumber, t } from '../../lib/i18n.ts';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';

/** Import participants, fetched when first opened (with the sheet preview). */
const ImportParticipantsModal = lazyPart(() => import('./import-participants-modal.tsx').then((m) => m.ImportParticipantsModal));

/** The funnel's bars: its stages in order, then the registered who are not matched (`unmatched`, registered minus matched). */
const STAGES: [keyof Funnel | 'unmatched', MessageKey][] = [
  ['registered', 'organiser.participants.registered'],
  ['matched', 'organiser.participants.matched'],
  ['notified', 'organiser.participants.notified'],
  ['viewed', 'organiser.participants.viewed'],
  ['bought', 'organiser.participants.bought'],
  ['unmatched', 'organiser.participants.unmatched'],
];
/** A bar's count: a stage's, or registered minus matched for `unmatched`. */
const countOf = (f: Funnel | null | undefined, key: keyof Funnel | 'unmatched') => (!f ? 0 : key === 'unmatched' ? f.registered - f.matched : f[key]);

/** "60%" of `n` out of `of` (whole per cent; 0% of none), as CSS. */
const percent = (n: number, of: number) => `${of ? Math.round((n / of) * 100) : 0}%`;
/** The same share as the reader's locale writes it. */
const shareText = (n: number, of: number) => formatNumber(of ? Math.round((n / of) * 100) / 100 : 0, { style: 'percent' });

/**
 * The Participants tab of the event detail (docs/participants.md): the funnel as bars (count and
 * share of the registered, and the unmatched; a stage's button filters the list to it), "Notify N
 * matched participants" (asked first: notify-participants.tsx), the unmatched BIBs as CSV, "Add participant" (one by hand) and the participants
 * list (search, sort, stage filter, Export CSV).
 * Participants changed elsewhere are counted above the list ("2 updated · Show") and the funnel is
 * counted again on its own. After a sheet's import ends here, "N participants imported. Undo this import" (as on the Photos tab).
 */
export function ParticipantsTab({ eventId }: { eventId: number }) {
  const calls = useMemo(() => api.participants(eventId), [eventId]);
  const list = useList(calls.list, api.PARTICIPANT_LIST, [eventId]);
  const funnel = useLoad(() => api.getFunnel(eventId), [eventId, list.lq.key]);
  // Participants of this event changed elsewhere: counted above the list, the funnel counted again (docs/live.md).
  const live = useLiveList('participants', list, { parent: eventId, onChange: funnel.retry });
  const preview = useLoad(() => api.getNotifyPreview(eventId), [eventId, funnel.data]);
  const { busy, run } = useAction();
  const [erasing, setErasing] = useState<Participant | null>(null);
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const { done, toast } = useFeedback();
  /** The last import that finished here: its job and row count, for "Undo this import". */
  const [lastImport, setLastImport] = useState<{ job: number; n: number } | null>(null);
  // The sheet's job runs on the server; its bar stays on the tab when the modal closes or the page reloads.
  const importJob = useImportJob(
    api.participantJobKey(eventId),
    (job) => {
      if (job.state !== 'done') {
        toast.error(job.message);
        return;
      }
      done(job.message || t('organiser.participants.imported'));
      setLastImport({ job: job.id, n: job.rows_total });
      setImporting(false);
      funnel.retry();
      void list.reload();
    },
    'participants',
  );
  const f = funnel.data;

  function erase(p: Participant) {
    void run(() => api.recordErasure(eventId, p.id), {
      success: (r) => t('organiser.participants.erasureRecorded', { bib: p.bib_number, code: r.data.code }),
      onSuccess: () => {
        setErasing(null);
        void list.reload();
      },
    });
  }

  function undone() {
    setLastImport(null);
    funnel.retry();
    if (list.page === 1) void list.reload();
    else list.setPage(1);
  }

  function notify(close: () => void) {
    void run(() => api.notifyMatched(eventId), {
      onSuccess: () => {
        close();
        funnel.retry();
        void list.reload();
      },
    });
  }

  return (
    <>
      <div className="card">
        <div className="card-toolbar">
          <h2 className="funnel-title">{t('organiser.participants.funnel')}</h2>
          <div className="page-actions">
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {t('organiser.participants.add')}
            </Button>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {t('organiser.participants.import')}
            </Button>
            <Button variant="secondary" onClick={() => void calls.exportList({ stage: 'unmatched' })}>
              {t('organiser.participants.exportUnmatched')}
            </Button>
            <NotifyParticipants funnel={f} preview={preview.data} busy={busy} onNotify={notify} />
          </div>
        </div>
        {importJob.running && !importing && <ImportProgress job={importJob.job} label={t('organiser.participants.importProgress')} />}
        {lastImport && !importJob.running && (
          <p className="list-notice">
            {t('organiser.participants.importedCount', { count: lastImport.n })} <UndoImport jobId={lastImport.job} onUndone={undone} />
          </p>
        )}
        <ol className="funnel" aria-label={t('organiser.participants.funnelLabel')}>
          {STAGES.map(([key, label]) => {
            const n = countOf(f, key),
              of = f?.registered ?? 0;
            return (
              <li key={key} className={key === 'unmatched' ? 'funnel-stage funnel-unmatched' : 'funnel-stage'}>
                <button type="button" className="btn btn-link funnel-label" onClick={() => list.lq.setFilter('stage', key === 'registered' ? '' : key)}>
                  {t(label)}
                </button>
                <span className="funnel-track">
                  <span className="funnel-bar" style={{ width: percent(n, of) }} />
                </span>
                <span className="funnel-count" data-stage={key}>
                  {formatNumber(n)} ({shareText(n, of)})
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <div className="card">
        <ListToolbar
          list={list}
          noun="participant"
          searchLabel={t('organiser.participants.search')}
          onExport={(format) => calls.exportList({ ...list.lq.params, columns: 'all' }, format)}
          filters={[
            {
              name: 'stage',
              label: t('organiser.participants.stage'),
              options: [
                ['matched', t('organiser.participants.matched')],
                ['unmatched', t('organiser.participants.unmatched')],
                ['notified', t('organiser.participants.notified')],
                ['viewed', t('organiser.participants.viewed')],
                ['bought', t('organiser.participants.bought')],
              ],
            },
          ]}
        />
        <LiveNotice live={live} />
        <ListTable
          list={withLive(list, live)}
          caption={t('organiser.participants.caption')}
          pagerLabel={t('organiser.participants.pages')}
          label={(p) => t('organiser.participants.rowLabel', { bib: p.bib_number })}
          emptyText={t('organiser.participants.empty')}
          columns={participantColumns()}
          actionsHeader={t('list.actions')}
          actions={(p) =>
            p.erased_at == null ? (
              <button
                type="button"
                className="btn btn-link"
                aria-label={t('organiser.participants.eraseLabel', { bib: p.bib_number })}
                onClick={() => setErasing(p)}
              >
                {t('organiser.participants.recordErasure')}
              </button>
            ) : null
          }
        />
      </div>
      <FaceSearchCard eventId={eventId} />
      {adding && (
        <AddParticipantModal
          eventId={eventId}
          onClose={() => setAdding(false)}
          onAdded={() => {
            funnel.retry();
            void list.reload();
          }}
        />
      )}
      {importing && <ImportParticipantsModal eventId={eventId} onClose={() => setImporting(false)} importJob={importJob} />}
      {erasing && (
        <ConfirmModal
          title={t('organiser.participants.recordErasure')}
          text={t('organiser.participants.eraseText', { bib: erasing.bib_number, name: erasing.name })}
          confirmLabel={t('organiser.participants.erase')}
          busy={busy}
          onConfirm={() => erase(erasing)}
          onClose={() => setErasing(null)}
        />
      )}
    </>
  );
}
