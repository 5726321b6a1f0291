import '../../lib/messages/organiser.ts';
import '../../lib/messages/participants.ts';
import { Button } from '../../components/button.tsx';
import type { Duplicates } from './api.ts';
import { t } from '../../lib/i18n.ts';

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
  return (
    <div className="sheet-duplicates" role="alert">
      <p>
        <strong>{t('organiser.duplicates.repeated', { count })}</strong> {t('organiser.duplicates.nothingYet')}
      </p>
    </div>
  );
}

/** The footer while the duplicates question is open: Cancel, Add them as new, Replace those photos. */
export function DuplicatesChoices({ busy, onChoose, onCancel }: { busy: boolean; onChoose: (d: Duplicates) => void; onCancel: () => void }) {
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        {t('organiser.duplicates.cancel')}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onChoose('add')}>
        {t('organiser.duplicates.addNew')}
      </Button>
      <Button busy={busy} onClick={() => onChoose('replace')} autoFocus>
        {t('organiser.duplicates.replace')}
      </Button>
    </>
  );
}
