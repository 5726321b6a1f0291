import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import '../../lib/messages/participants.ts';
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
import { lazyPart } from '../../components/lazy-part.tsx';
import { t } from '../../lib/i18n.ts';

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
    done(job.message || t('organiser.photos.uploaded'));
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
            {t('organiser.photos.clearAll')}
          </Button>
          <Button onClick={() => setModal('upload')}>{t('organiser.photos.add')}</Button>
        </div>
      </div>
      {importJob.running && modal !== 'upload' && <ImportProgress job={importJob.job} label={t('organiser.photos.progress')} />}
      {lastImport && !importJob.running && (
        <p className="list-notice">
          {t('organiser.photos.uploadedCount', { count: lastImport.n })}{' '}
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
        searchLabel={t('organiser.photos.search')}
        onExport={(format) => calls.exportList(list.lq.params, format)}
        filters={[
          {
            name: 'orientation',
            label: t('organiser.photos.orientation'),
            options: [
              ['portrait', t('organiser.photos.portrait')],
              ['landscape', t('organiser.photos.landscape')],
            ],
          },
        ]}
      >
        <BulkBar list={list} noun="photo" actions={[bulkDelete(calls.bulkDelete)]} />
      </ListToolbar>
      <ListTable
        list={list}
        selectable
        caption={t('organiser.photos.caption')}
        pagerLabel={t('organiser.photos.pages')}
        label={(p) => t('organiser.photos.rowLabel', { bib: p.bid_number })}
        emptyText={t('organiser.photos.empty')}
        columns={[
          { header: t('organiser.photos.bidNumber'), sort: 'bid_number', cell: (p) => p.bid_number },
          {
            header: t('organiser.photos.lowRes'),
            cell: (p) => (
              <a href={p.low_res_image} target="_blank" rel="noopener noreferrer">
                {t('organiser.photos.lowRes')}
              </a>
            ),
          },
          {
            header: t('organiser.photos.highRes'),
            cell: (p) => (
              <a href={p.high_res_image} target="_blank" rel="noopener noreferrer">
                {t('organiser.photos.highRes')}
              </a>
            ),
          },
          { header: t('organiser.photos.price'), cell: (p) => (p.price_type === 1 ? t('organiser.photos.free') : p.price) },
          {
            header: t('organiser.photos.orientation'),
            sort: 'orientation',
            cell: (p) => <span className="capitalize">{t('organiser.photos.orientationValue', { orientation: p.orientation })}</span>,
          },
        ]}
      />

      {modal === 'clear' && (
        <ConfirmModal
          title={t('organiser.photos.clearTitle')}
          text={t('organiser.photos.clearText')}
          confirmLabel={t('action.delete')}
          busy={busy}
          onConfirm={clearAll}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'upload' && <UploadPhotosModal eventId={eventId} onClose={() => setModal(null)} importJob={importJob} />}
    </div>
  );
}
