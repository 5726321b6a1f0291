import { useState } from 'react';
import { Pagination } from '../../components/pagination.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button } from '../../components/button.tsx';
import { ListBody } from '../../components/list-states.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useAction } from '../../components/use-action.ts';
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
  const { busy, run } = useAction();

  function clearAll() {
    void run(() => api.clearPhotos(eventId), {
      onSuccess: () => { setModal(null); if (list.page === 1) void list.reload(); else list.setPage(1); },
    });
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
      <div className="table-wrap">
        <table className="table" aria-busy={list.loading} aria-label="Event photos">
          <thead><tr><th scope="col">Bid Number</th><th scope="col">Low Res</th><th scope="col">High Res</th><th scope="col">Price</th><th scope="col">Orientation</th></tr></thead>
          <ListBody list={list} colSpan={5} emptyText="No photos uploaded">
            {list.rows.map((p) => (
              <tr key={p.id}>
                <td>{p.bid_number}</td>
                <td><a href={p.low_res_image} target="_blank" rel="noopener noreferrer">Low Res</a></td>
                <td><a href={p.high_res_image} target="_blank" rel="noopener noreferrer">High Res</a></td>
                <td>{p.price_type === 1 ? 'Free' : p.price}</td>
                <td className="capitalize">{p.orientation}</td>
              </tr>
            ))}
          </ListBody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} label="Photo pages" />

      {modal === 'clear' && (
        <ConfirmModal title="Are you sure ?" text="This action is irreversible: every photo of this event will be deleted."
          confirmLabel="Delete" busy={busy} onConfirm={clearAll} onClose={() => setModal(null)} />
      )}
      {modal === 'upload' && (
        <UploadPhotosModal eventId={eventId} onClose={() => setModal(null)}
          onUploaded={() => { setModal(null); if (list.page === 1) void list.reload(); else list.setPage(1); }} />
      )}
    </div>
  );
}
