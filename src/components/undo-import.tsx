import { useState } from 'react';
import { http } from '../lib/http.ts';
import { importNoun, type UndoPreview } from '../common/import-job.ts';
import { Button } from './button.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { Modal, ModalCloseButton } from './modal.tsx';
import { useAction } from './use-action.ts';
import { useLoad } from './use-load.ts';
import { groupDigits } from '../common/numbers.ts';

/** The figures of undoing import `jobId` (GET import-job/{id}/undo); rejects with HttpError (404 not yours, 403 no "Delete users"). */
export const undoPreview = async (jobId: number) => (await http.get<UndoPreview>(`import-job/${jobId}/undo`)).data;
/** Undoes import `jobId` (POST import-job/{id}/undo): the envelope's message is "Import undone: N users removed."; 409 when blocked. */
export const undoImport = (jobId: number) => http.post<{ count: number }>(`import-job/${jobId}/undo`);

const noun = (p: Pick<UndoPreview, 'kind'>, n: number) => importNoun(p.kind, n);
/** "Users", "Photos", "Participants": the rows of this kind in general. */
const Nouns = (p: Pick<UndoPreview, 'kind'>) => importNoun(p.kind, 2).replace(/^./, (c) => c.toUpperCase());

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
        Undo this import
      </Button>
      {preview && preview.undone_at !== null && (
        <Modal title="Undo this import" size="sm" onClose={close} footer={<ModalCloseButton />}>
          <p>This import was already undone.</p>
        </Modal>
      )}
      {preview && preview.undone_at === null && preview.blocked_total > 0 && (
        <Modal title="This import cannot be undone" size="sm" onClose={close} footer={<ModalCloseButton />}>
          <p>
            {groupDigits(preview.blocked_total)} {noun(preview, preview.blocked_total)} changed since this import, so nothing was removed:
          </p>
          <ul className="undo-blockers">
            {preview.blocked.map((b) => (
              <li key={b.id}>
                <strong>{b.label}</strong>: {b.reason}
              </li>
            ))}
            {preview.blocked_total > preview.blocked.length && (
              <li className="muted">and {groupDigits(preview.blocked_total - preview.blocked.length)} more</li>
            )}
          </ul>
        </Modal>
      )}
      {preview && preview.undone_at === null && preview.blocked_total === 0 && preview.count === 0 && (
        <Modal title="Undo this import" size="sm" onClose={close} footer={<ModalCloseButton />}>
          <p>Nothing is left to undo: the {noun(preview, 2)} this import added were removed since.</p>
        </Modal>
      )}
      {preview && undoRuns(preview) && (
        <ConfirmModal
          title="Undo this import?"
          confirmLabel={`Remove ${groupDigits(preview.count)} ${noun(preview, preview.count)}`}
          busy={busy}
          text={`This removes the ${groupDigits(preview.count)} ${noun(preview, preview.count)} this import added. ${Nouns(preview)} added any other way stay.`}
          onConfirm={confirm}
          onClose={close}
        />
      )}
    </>
  );
}
