import { Button } from '../../components/button.tsx';
import type { Duplicates } from './api.ts';
import { groupDigits } from '../../common/numbers.ts';

/** The count of repeated bid numbers in a 409 answer to uploadExcel, or null when it is another failure. */
export function duplicatesOf(err: unknown): number | null {
  const e = err as { status?: number; body?: { data?: { duplicates?: unknown } } | null };
  const n = e?.status === 409 ? e.body?.data?.duplicates : undefined;
  return typeof n === 'number' && n > 0 ? n : null;
}

/**
 * Asked when a sheet repeats bid numbers already on the event: nothing has been written yet.
 * The question only; its one set of choices (Replace those photos, Add them as new, Cancel)
 * takes the modal's footer while it is asked (`DuplicatesChoices`).
 */
export function DuplicatesQuestion({ count }: { count: number }) {
  const n = groupDigits(count);
  return (
    <div className="sheet-duplicates" role="alert">
      <p>
        <strong>{count === 1 ? '1 photo in this sheet has a bid number' : `${n} photos in this sheet have bid numbers`} already on this event.</strong> Nothing
        has been uploaded yet. Replace those photos, add them as new photos, or cancel the upload.
      </p>
    </div>
  );
}

/** The footer while the duplicates question is open: Cancel, Add them as new, Replace those photos. */
export function DuplicatesChoices({ busy, onChoose, onCancel }: { busy: boolean; onChoose: (d: Duplicates) => void; onCancel: () => void }) {
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onChoose('add')}>
        Add them as new
      </Button>
      <Button busy={busy} onClick={() => onChoose('replace')} autoFocus>
        Replace those photos
      </Button>
    </>
  );
}
