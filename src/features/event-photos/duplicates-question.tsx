import { Button } from '../../components/button.tsx';
import type { Duplicates } from './api.ts';

/** The count of repeated bid numbers in a 409 answer to uploadExcel, or null when it is another failure. */
export function duplicatesOf(err: unknown): number | null {
  const e = err as { status?: number; body?: { data?: { duplicates?: unknown } } | null };
  const n = e?.status === 409 ? e.body?.data?.duplicates : undefined;
  return typeof n === 'number' && n > 0 ? n : null;
}

/**
 * Asked when a sheet repeats bid numbers already on the event: nothing has been written yet;
 * replace those photos, add them as new photos, or cancel the upload.
 */
export function DuplicatesQuestion({ count, busy, onChoose, onCancel }: { count: number; busy: boolean; onChoose: (d: Duplicates) => void; onCancel: () => void }) {
  const n = count.toLocaleString('en-US');
  return (
    <div className="sheet-duplicates" role="alert">
      <p><strong>{count === 1 ? '1 photo in this sheet has a bid number' : `${n} photos in this sheet have bid numbers`} already on this event.</strong> Nothing has been uploaded yet.</p>
      <div className="page-actions">
        <Button busy={busy} onClick={() => onChoose('replace')}>Replace those photos</Button>
        <Button variant="secondary" disabled={busy} onClick={() => onChoose('add')}>Add them as new</Button>
        <Button variant="link" disabled={busy} onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}
