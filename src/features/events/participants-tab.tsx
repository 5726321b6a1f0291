import { useMemo, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { useList } from '../../components/use-list.ts';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import { groupDigits } from '../../common/numbers.ts';
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
import { PARTICIPANT_COLUMNS } from './participant-columns.tsx';

/** Import participants, fetched when first opened (with the sheet preview). */
const ImportParticipantsModal = lazyPart(() => import('./import-participants-modal.tsx').then((m) => m.ImportParticipantsModal));

/** The funnel's bars: its stages in order, then the registered who are not matched (`unmatched`, registered minus matched). */
const STAGES: [keyof Funnel | 'unmatched', string][] = [
  ['registered', 'Registered'],
  ['matched', 'Matched'],
  ['notified', 'Notified'],
  ['viewed', 'Viewed'],
  ['bought', 'Bought'],
  ['unmatched', 'Unmatched'],
];
/** A bar's count: a stage's, or registered minus matched for `unmatched`. */
const countOf = (f: Funnel | null | undefined, key: keyof Funnel | 'unmatched') => (!f ? 0 : key === 'unmatched' ? f.registered - f.matched : f[key]);

/** "60%" of `n` out of `of` (whole per cent; 0% of none). */
const percent = (n: number, of: number) => `${of ? Math.round((n / of) * 100) : 0}%`;

/**
 * The Participants tab of the event detail (docs/participants.md): the funnel as bars (count and
 * share of the registered, and the unmatched; a stage's button filters the list to it), "Notify N
 * matched participants" (asked first: notify-participants.tsx), the unmatched BIBs as CSV, "Add participant" (one by hand) and the participants
 * list (search, sort, stage filter, Export CSV).
 * After a sheet's import ends here, "N participants imported. Undo this import" (as on the Photos tab).
 */
export function ParticipantsTab({ eventId }: { eventId: number }) {
  const calls = useMemo(() => api.participants(eventId), [eventId]);
  const list = useList(calls.list, api.PARTICIPANT_LIST, [eventId]);
  const funnel = useLoad(() => api.getFunnel(eventId), [eventId, list.lq.key]);
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
      done(job.message || 'Successfully imported participants');
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
      success: (r) => `Erasure recorded for BIB ${p.bib_number}. Receipt ${r.data.code}.`,
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
          <h2 className="funnel-title">Funnel</h2>
          <div className="page-actions">
            <Button variant="secondary" onClick={() => setAdding(true)}>
              Add participant
            </Button>
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Import participants
            </Button>
            <Button variant="secondary" onClick={() => void calls.exportCsv({ stage: 'unmatched' })}>
              Export unmatched BIBs
            </Button>
            <NotifyParticipants funnel={f} preview={preview.data} busy={busy} onNotify={notify} />
          </div>
        </div>
        {importJob.running && !importing && <ImportProgress job={importJob.job} label="Participants import progress" />}
        {lastImport && !importJob.running && (
          <p className="list-notice">
            {groupDigits(lastImport.n)} participant{lastImport.n === 1 ? '' : 's'} imported. <UndoImport jobId={lastImport.job} onUndone={undone} />
          </p>
        )}
        <ol className="funnel" aria-label="Participant funnel">
          {STAGES.map(([key, label]) => {
            const n = countOf(f, key),
              of = f?.registered ?? 0;
            return (
              <li key={key} className={key === 'unmatched' ? 'funnel-stage funnel-unmatched' : 'funnel-stage'}>
                <button type="button" className="btn btn-link funnel-label" onClick={() => list.lq.setFilter('stage', key === 'registered' ? '' : key)}>
                  {label}
                </button>
                <span className="funnel-track">
                  <span className="funnel-bar" style={{ width: percent(n, of) }} />
                </span>
                <span className="funnel-count" data-stage={key}>
                  {groupDigits(n)} ({percent(n, of)})
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
          searchLabel="Search BIB, name or e-mail"
          onExport={() => calls.exportCsv({ ...list.lq.params, columns: 'all' })}
          filters={[
            {
              name: 'stage',
              label: 'Stage',
              options: [
                ['matched', 'Matched'],
                ['unmatched', 'Unmatched'],
                ['notified', 'Notified'],
                ['viewed', 'Viewed'],
                ['bought', 'Bought'],
              ],
            },
          ]}
        />
        <ListTable
          list={list}
          caption="Participants"
          pagerLabel="Participant pages"
          label={(p) => `participant ${p.bib_number}`}
          emptyText="No participants"
          columns={PARTICIPANT_COLUMNS}
          actionsHeader="Actions"
          actions={(p) =>
            p.erased_at == null ? (
              <button type="button" className="btn btn-link" aria-label={`Record erasure for BIB ${p.bib_number}`} onClick={() => setErasing(p)}>
                Record erasure
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
          title="Record erasure"
          text={`Erase the face data of BIB ${erasing.bib_number} (${erasing.name}) at the photo-recognition service and withdraw their consent?`}
          confirmLabel="Erase"
          busy={busy}
          onConfirm={() => erase(erasing)}
          onClose={() => setErasing(null)}
        />
      )}
    </>
  );
}
