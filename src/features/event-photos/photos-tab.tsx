import { useState } from 'react';
import { Pagination } from '../../components/pagination.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button } from '../../components/button.tsx';
import { ListStateRow } from '../../components/list-states.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import { useImportJob } from '../../components/use-import-job.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import { UploadPhotosModal } from './upload-photos-modal.tsx';
import * as api from './api.ts';

/**
 * The Photos tab of the event detail (organiser-console §2): Bid Number, Low Res and High Res
 * links, Price and Orientation, 10 a page with the page in the address, "No photos uploaded"
 * when empty; Clear all (irreversible, confirmed, "Photos has been cleared.") and Add (upload).
 */
export default function PhotosTab({ eventId }: { companyId: number; eventId: number }) {
  const list = usePagedList((page) => api.listPhotos(eventId, page), [eventId]);
  const [modal, setModal] = useState<'clear' | 'upload' | null>(null);
  const [busy, setBusy] = useState(false);
  const { failed, done, toast } = useFeedback();
  // The upload's job runs on the server; its bar stays here when the modal closes or the page reloads.
  const importJob = useImportJob(api.photoJobKey(eventId), (job) => {
    if (job.state !== 'done') { toast.error(job.message); return; }
    done(job.message || 'Successfully uploaded photos');
    setModal((m) => (m === 'upload' ? null : m));
    if (list.page === 1) void list.reload(); else list.setPage(1);
  });

  async function clearAll() {
    if (busy) return;
    setBusy(true);
    try {
      done((await api.clearPhotos(eventId)).message);
      setModal(null);
      if (list.page === 1) void list.reload(); else list.setPage(1);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card">
      <div className="card-toolbar">
        <span className="muted" aria-live="polite">{list.total ? `${list.total.toLocaleString('en-US')} photo${list.total > 1 ? 's' : ''}` : ''}</span>
        <div className="page-actions">
          <Button variant="danger" onClick={() => setModal('clear')} disabled={list.total === 0}>Clear all</Button>
          <Button onClick={() => setModal('upload')}>Add</Button>
        </div>
      </div>
      {importJob.running && modal !== 'upload' && <ImportProgress job={importJob.job} label="Photo upload progress" />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.loading} aria-label="Event photos">
          <thead><tr><th scope="col">Bid Number</th><th scope="col">Low Res</th><th scope="col">High Res</th><th scope="col">Price</th><th scope="col">Orientation</th></tr></thead>
          <tbody>
            <ListStateRow colSpan={5} loading={list.loading} error={list.error} empty={list.rows.length === 0} emptyText="No photos uploaded" />
            {list.rows.map((p) => (
              <tr key={p.id}>
                <td>{p.bid_number}</td>
                <td><a href={p.low_res_image} target="_blank" rel="noopener noreferrer">Low Res</a></td>
                <td><a href={p.high_res_image} target="_blank" rel="noopener noreferrer">High Res</a></td>
                <td>{p.price_type === 1 ? 'Free' : p.price}</td>
                <td className="capitalize">{p.orientation}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} label="Photo pages" />

      {modal === 'clear' && (
        <ConfirmModal title="Are you sure ?" text="This action is irreversible: every photo of this event will be deleted."
          confirmLabel="Delete" busy={busy} onConfirm={() => void clearAll()} onClose={() => setModal(null)} />
      )}
      {modal === 'upload' && (
        <UploadPhotosModal eventId={eventId} onClose={() => setModal(null)} importJob={importJob} />
      )}
    </div>
  );
}
