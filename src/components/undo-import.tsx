import '../lib/messages/access.ts';
import { useState } from 'react';
import { http } from '../lib/http.ts';
import type { UndoPreview } from '../common/import-job.ts';
import { Button } from './button.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { Modal, ModalCloseButton } from './modal.tsx';
import { useAction } from './use-action.ts';
import { useLoad } from './use-load.ts';
import { t } from '../lib/i18n.ts';

/** The figures of undoing import `jobId` (GET import-job/{id}/undo); rejects with HttpError (404 not yours, 403 no "Delete users"). */
export const undoPreview = async (jobId: number) => (await http.get<UndoPreview>(`import-job/${jobId}/undo`)).data;
/** Undoes import `jobId` (POST import-job/{id}/undo): the envelope's message is "Import undone: N users removed."; 409 when blocked. */
export const undoImport = (jobId: number) => http.post<{ count: number }>(`import-job/${jobId}/undo`);

/** True when undoing per `p` would remove something now: not undone yet, nothing blocking, rows left. */
export const undoRuns = (p: UndoPreview) => p.undone_at === null && p.blocked_total === 0 && p.count > 0;

/**
 * "Undo this import" (the action's one wording) for a finished users import, photo upload or
 * participants import: asks the server what undo would remove, then either confirms naming the
 * count ("This removes the 200 photos this import added. Photos added any other way stay."), or,
 * when rows were changed or used since, says which ones and removes nothing, or, when none of its
 * rows is left, says so. `onUndone` runs after a successful undo (reload the list). With
 * `checkFirst` the server is asked on mount and the button shows only when undo would run
 * (undoRuns; Activity, whose rows may be long past undoing). A link-styled button, so it sits in
 * a notice line or an activity row.
 */
export function UndoImport({ jobId, onUndone, checkFirst = false }: { jobId: number; onUndone?: () => void; checkFirst?: boolean }) {
  // A preview refused (not yours, no right to delete) means undo cannot run for this reader either.
  const runs = useLoad(async () => (checkFirst ? undoPreview(jobId).then(undoRuns, () => false) : true), [jobId, checkFirst]);
  const [preview, setPreview] = useState<UndoPreview | null>(null);
  const { busy, run } = useAction();
  if (runs.data !== true) return null;
  const ask = () => void run(() => undoPreview(jobId), { onSuccess: setPreview });
  const confirm = () =>
    void run(() => undoImport(jobId), {
      onSuccess: () => {
        setPreview(null);
        onUndone?.();
      },
    });
  const close = () => setPreview(null);
  return (
    <>
      <Button variant="link" busy={busy && !preview} onClick={ask}>
        {t('access.undo.button')}
      </Button>
      {preview && preview.undone_at !== null && (
        <Modal title={t('access.undo.button')} size="sm" onClose={close} footer={<ModalCloseButton />}>
          <p>{t('access.undo.alreadyUndone')}</p>
        </Modal>
      )}
      {preview && preview.undone_at === null && preview.blocked_total > 0 && (
        <Modal title={t('access.undo.cannotTitle')} size="sm" onClose={close} footer={<ModalCloseButton />}>
          <p>{t('access.undo.blocked', { kind: preview.kind, count: preview.blocked_total })}</p>
          <ul className="undo-blockers">
            {preview.blocked.map((b) => (
              <li key={b.id}>
                <strong>{b.label}</strong>: {b.reason}
              </li>
            ))}
            {preview.blocked_total > preview.blocked.length && (
              <li className="muted">{t('access.undo.more', { count: preview.blocked_total - preview.blocked.length })}</li>
            )}
          </ul>
        </Modal>
      )}
      {preview && preview.undone_at === null && preview.blocked_total === 0 && preview.count === 0 && (
        <Modal title={t('access.undo.button')} size="sm" onClose={close} footer={<ModalCloseButton />}>
          <p>{t('access.undo.nothingLeft', { kind: preview.kind })}</p>
        </Modal>
      )}
      {preview && undoRuns(preview) && (
        <ConfirmModal
          title={t('access.undo.confirmTitle')}
          confirmLabel={t('access.undo.remove', { kind: preview.kind, count: preview.count })}
          busy={busy}
          text={t('access.undo.text', { kind: preview.kind, count: preview.count })}
          onConfirm={confirm}
          onClose={close}
        />
      )}
    </>
  );
}
