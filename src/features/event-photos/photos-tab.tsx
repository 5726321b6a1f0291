import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useImportJob } from '../../components/use-import-job.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, bulkDelete } from '../../components/bulk-bar.tsx';
import { useList } from '../../components/use-list.ts';
import { useAction } from '../../components/use-action.ts';
import * as api from './api.ts';
import { UndoImport } from '../../components/undo-import.tsx';
import { groupDigits } from '../../common/numbers.ts';
import { lazyPart } from '../../components/lazy-part.tsx';

/** The upload (images, zip, price sheet), fetched when first opened. */
const UploadPhotosModal = lazyPart(() => import('./upload-photos-modal.tsx').then((m) => m.UploadPhotosModal));

/**
 * The Photos tab of the event detail (organiser-console §2): Bid Number, Low Res and High Res
 * links, Price and Orientation, 10 a page with the page in the address, "No photos uploaded"
 * when empty; Clear all (irreversible, confirmed, "Photos has been cleared.") and Add (upload).
 * Searchable by bid number, filtered by orientation, sortable, exportable, bulk delete.
 */
export default function PhotosTab({ eventId }: { companyId: number; eventId: number }) {
  const calls = useMemo(() => api.photos(eventId), [eventId]);
  const list = useList(calls.list, api.PHOTO_LIST, [eventId]);
  const [modal, setModal] = useState<'clear' | 'upload' | null>(null);
  const { busy, run } = useAction();
  const { done, toast } = useFeedback();
  /** The last upload that finished here: its job and row count, for "Undo this import". */
  const [lastImport, setLastImport] = useState<{ job: number; n: number } | null>(null);
  // The upload's job runs on the server; its bar stays here when the modal closes or the page reloads.
  const importJob = useImportJob(api.photoJobKey(eventId), (job) => {
    if (job.state !== 'done') {
      toast.error(job.message);
      return;
    }
    done(job.message || 'Successfully uploaded photos');
    setLastImport({ job: job.id, n: job.rows_total });
    setModal((m) => (m === 'upload' ? null : m));
    list.showNew();
  });

  function clearAll() {
    void run(() => api.clearPhotos(eventId), {
      // The cleared photos include the last upload's: its notice and Undo go with them.
      onSuccess: () => {
        setModal(null);
        setLastImport(null);
        if (list.page === 1) void list.reload();
        else list.setPage(1);
      },
    });
  }

  return (
    <div className="card">
      <div className="card-toolbar">
        <span />
        <div className="page-actions">
          <Button variant="danger" onClick={() => setModal('clear')} disabled={list.total === 0 && !list.lq.query.q}>
            Clear all
          </Button>
          <Button onClick={() => setModal('upload')}>Add</Button>
        </div>
      </div>
      {importJob.running && modal !== 'upload' && <ImportProgress job={importJob.job} label="Photo upload progress" />}
      {lastImport && !importJob.running && (
        <p className="list-notice">
          {groupDigits(lastImport.n)} photo{lastImport.n === 1 ? '' : 's'} uploaded.{' '}
          <UndoImport
            jobId={lastImport.job}
            onUndone={() => {
              setLastImport(null);
              if (list.page === 1) void list.reload();
              else list.setPage(1);
            }}
          />
        </p>
      )}
      <ListToolbar
        list={list}
        noun="photo"
        searchLabel="Search bid number"
        onExport={() => calls.exportCsv(list.lq.params)}
        filters={[
          {
            name: 'orientation',
            label: 'Orientation',
            options: [
              ['portrait', 'Portrait'],
              ['landscape', 'Landscape'],
            ],
          },
        ]}
      >
        <BulkBar list={list} noun="photo" actions={[bulkDelete(calls.bulkDelete)]} />
      </ListToolbar>
      <ListTable
        list={list}
        selectable
        caption="Event photos"
        pagerLabel="Photo pages"
        label={(p) => `photo ${p.bid_number}`}
        emptyText="No photos uploaded"
        columns={[
          { header: 'Bid Number', sort: 'bid_number', cell: (p) => p.bid_number },
          {
            header: 'Low Res',
            cell: (p) => (
              <a href={p.low_res_image} target="_blank" rel="noopener noreferrer">
                Low Res
              </a>
            ),
          },
          {
            header: 'High Res',
            cell: (p) => (
              <a href={p.high_res_image} target="_blank" rel="noopener noreferrer">
                High Res
              </a>
            ),
          },
          { header: 'Price', cell: (p) => (p.price_type === 1 ? 'Free' : p.price) },
          { header: 'Orientation', sort: 'orientation', cell: (p) => <span className="capitalize">{p.orientation}</span> },
        ]}
      />

      {modal === 'clear' && (
        <ConfirmModal
          title="Are you sure ?"
          text="This action is irreversible: every photo of this event will be deleted."
          confirmLabel="Delete"
          busy={busy}
          onConfirm={clearAll}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'upload' && <UploadPhotosModal eventId={eventId} onClose={() => setModal(null)} importJob={importJob} />}
    </div>
  );
}
