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

/** Import participants, fetched when first opened (with the sheet preview). */
const ImportParticipantsModal = lazyPart(() => import('./import-participants-modal.tsx').then((m) => m.ImportParticipantsModal));

const STAGES: [keyof Funnel, string][] = [
  ['registered', 'Registered'], ['matched', 'Matched'], ['notified', 'Notified'], ['viewed', 'Viewed'], ['bought', 'Bought'],
];

/** "60%" of `n` out of `of` (whole per cent; 0% of none). */
const percent = (n: number, of: number) => `${of ? Math.round((n / of) * 100) : 0}%`;

/**
 * The Participants tab of the event detail (docs/participants.md): the funnel as bars (count and
 * share of the registered; a stage's button filters the list to it), "Notify matched
 * participants", the unmatched BIBs as CSV, "Add participant" (one by hand) and the participants
 * list (search, sort, stage filter, Export CSV).
 * After a sheet's import ends here, "N participants imported. Undo this import" (as on the Photos tab).
 */
export function ParticipantsTab({ eventId }: { eventId: number }) {
  const calls = useMemo(() => api.participants(eventId), [eventId]);
  const list = useList(calls.list, api.PARTICIPANT_LIST, [eventId]);
  const funnel = useLoad(() => api.getFunnel(eventId), [eventId, list.lq.key]);
  const { busy, run } = useAction();
  const [erasing, setErasing] = useState<Participant | null>(null);
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const { done, toast } = useFeedback();
  /** The last import that finished here: its job and row count, for "Undo this import". */
  const [lastImport, setLastImport] = useState<{ job: number; n: number } | null>(null);
  // The sheet's job runs on the server; its bar stays on the tab when the modal closes or the page reloads.
  const importJob = useImportJob(api.participantJobKey(eventId), (job) => {
    if (job.state !== 'done') { toast.error(job.message); return; }
    done(job.message || 'Successfully imported participants');
    setLastImport({ job: job.id, n: job.rows_total });
    setImporting(false);
    funnel.retry();
    void list.reload();
  }, 'participants');
  const f = funnel.data;

  function erase(p: Participant) {
    void run(() => api.recordErasure(eventId, p.id), { onSuccess: () => { setErasing(null); void list.reload(); } });
  }

  function undone() {
    setLastImport(null);
    funnel.retry();
    if (list.page === 1) void list.reload(); else list.setPage(1);
  }

  function notify() {
    void run(() => api.notifyMatched(eventId), { onSuccess: () => { funnel.retry(); void list.reload(); } });
  }

  return (
    <>
      <div className="card">
        <div className="card-toolbar">
          <h2 className="funnel-title">Funnel</h2>
          <div className="page-actions">
            <Button variant="secondary" onClick={() => setAdding(true)}>Add participant</Button>
            <Button variant="secondary" onClick={() => setImporting(true)}>Import participants</Button>
            <Button variant="secondary" onClick={() => void calls.exportCsv({ stage: 'unmatched' })}>Export unmatched BIBs</Button>
            <Button busy={busy} onClick={notify} disabled={!f || f.matched === f.notified}>Notify matched participants</Button>
          </div>
        </div>
        {importJob.running && !importing && <ImportProgress job={importJob.job} label="Participants import progress" />}
        {lastImport && !importJob.running && (
          <p className="list-notice">
            {groupDigits(lastImport.n)} participant{lastImport.n === 1 ? '' : 's'} imported.{' '}
            <UndoImport jobId={lastImport.job} onUndone={undone} />
          </p>
        )}
        <ol className="funnel" aria-label="Participant funnel">
          {STAGES.map(([key, label]) => {
            const n = f?.[key] ?? 0, of = f?.registered ?? 0;
            return (
              <li key={key} className="funnel-stage">
                <button type="button" className="btn btn-link funnel-label" onClick={() => list.lq.setFilter('stage', key === 'registered' ? '' : key)}>{label}</button>
                <span className="funnel-track"><span className="funnel-bar" style={{ width: percent(n, of) }} /></span>
                <span className="funnel-count" data-stage={key}>{groupDigits(n)} ({percent(n, of)})</span>
              </li>
            );
          })}
        </ol>
      </div>
      <div className="card">
        <ListToolbar list={list} noun="participant" searchLabel="Search BIB, name or e-mail" onExport={() => calls.exportCsv({ ...list.lq.params, columns: 'all' })}
          filters={[{ name: 'stage', label: 'Stage', options: [['matched', 'Matched'], ['unmatched', 'Unmatched'], ['notified', 'Notified'], ['viewed', 'Viewed'], ['bought', 'Bought']] }]} />
        <ListTable list={list} caption="Participants" pagerLabel="Participant pages" label={(p) => `participant ${p.bib_number}`} emptyText="No participants"
          columns={[
            { header: 'BIB', sort: 'bib_number', cell: (p) => p.bib_number },
            { header: 'Name', sort: 'name', cell: (p) => p.name },
            { header: 'E-mail', cell: (p) => p.email },
            { header: 'Face consent', cell: (p) => (p.face_consent ? 'Yes' : 'No') },
            { header: 'Photos', cell: (p) => (p.matched ? 'Matched' : 'None') },
            { header: 'Notified', cell: (p) => (p.notified_at ? 'Yes' : 'No') },
            { header: 'Viewed', cell: (p) => (p.viewed_at ? 'Yes' : 'No') },
            { header: 'Face data', cell: (p) => <button type="button" className="btn btn-link" onClick={() => setErasing(p)}>Record erasure</button> },
          ]} />
      </div>
      <FaceSearchCard eventId={eventId} />
      {adding && <AddParticipantModal eventId={eventId} onClose={() => setAdding(false)} onAdded={() => { funnel.retry(); void list.reload(); }} />}
      {importing && <ImportParticipantsModal eventId={eventId} onClose={() => setImporting(false)} importJob={importJob} />}
      {erasing && (
        <ConfirmModal title="Record erasure" text={`Erase the face data of BIB ${erasing.bib_number} (${erasing.name}) at the photo-recognition service and withdraw their consent?`}
          confirmLabel="Erase" busy={busy} onConfirm={() => erase(erasing)} onClose={() => setErasing(null)} />
      )}
    </>
  );
}
