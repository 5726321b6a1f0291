import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import '../../lib/messages/participants.ts';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import type { ImportJobState } from '../../components/use-import-job.ts';
import { SheetProblems } from '../../components/sheet-preview.tsx';
import { csvReaders, SHEET_ACCEPT, sheetFieldCheck, useSheetImport } from '../../components/use-sheet-import.ts';
import { NO_ROWS, missingColumns, missingColumnsMessage, reportedProblems } from '../../common/sheet-rules.ts';
import {
  bibRepeatedMessage,
  PARTICIPANT_COLUMNS,
  PARTICIPANT_REQUIRED_COLUMNS,
  participantRowProblem,
  type ParticipantCells,
} from '../../common/participant-sheet.ts';
import { withoutExampleRows } from '../../common/sheet-examples.ts';
import * as api from './api.ts';
import { t } from '../../lib/i18n.ts';

/** The CSV template with the sheet's columns and one example row (static/templates/). */
export const PARTICIPANTS_TEMPLATE_URL = '/templates/participants-template.csv';

/** Checks a CSV participants sheet as the API will (header, each row but the template's example, BIBs repeated in the sheet). */
export function checkSheet(table: string[][]): { count: number; problems: string[] } {
  const [head = [], ...body] = withoutExampleRows(table);
  const header = head.map((h) => h.trim().toLowerCase());
  const missing = missingColumns(header, PARTICIPANT_REQUIRED_COLUMNS);
  if (missing.length) return { count: 0, problems: [missingColumnsMessage(missing)] };
  const at = PARTICIPANT_COLUMNS.map((c) => header.indexOf(c));
  const all: string[] = [];
  const first = new Map<string, number>();
  let count = 0;
  body.forEach((raw, i) => {
    if (!raw.some((c) => c.trim() !== '')) return;
    count++;
    const row = i + 2;
    const v = Object.fromEntries(PARTICIPANT_COLUMNS.map((c, k) => [c, raw[at[k]] ?? ''])) as ParticipantCells;
    const problem = participantRowProblem(v);
    const bib = v.bib_number.trim();
    if (problem) all.push(`Row ${row}: ${problem}`);
    else if (first.has(bib)) all.push(`Row ${row}: ${bibRepeatedMessage(bib, first.get(bib)!)}`);
    else first.set(bib, row);
  });
  if (count === 0) all.push(NO_ROWS);
  return { count, problems: reportedProblems(all) };
}

/** CSV rows are checked here; an .xlsx is checked by the API on import. */
const PARTICIPANT_READERS = csvReaders(checkSheet);

/**
 * "Import participants" (docs/participants.md "The participants sheet"): the sheet chooser,
 * Download Template, a preview (row count and problems of a CSV before anything is sent), Import;
 * the API's row problems listed when it refuses; then the background job's bar (`importJob`, owned
 * by the tab) until it ends.
 */
export function ImportParticipantsModal({ eventId, onClose, importJob }: { eventId: number; onClose: () => void; importJob: ImportJobState }) {
  const fe = useFormErrors();
  const sheet = useSheetImport({ field: 'file', readers: PARTICIPANT_READERS, importJob, fe });
  const { chosen, refused } = sheet;
  const problems = refused.length ? refused : sheet.problems;
  const submit = () => sheet.submit(() => api.importParticipants(eventId, sheet.file!), { checks: { file: sheetFieldCheck(sheet.file, sheet.blocked) } });

  return (
    <Modal
      title={t('organiser.participants.import')}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('action.close')}
          </Button>
          <Button type="submit" busy={sheet.sending !== null || importJob.running} disabled={sheet.blocked}>
            {t('organiser.importParticipants.import')}
          </Button>
        </>
      }
    >
      <FormField bind={fe.field('file')} label={t('organiser.upload.spreadsheet')} required>
        <input name="file" type="file" accept={SHEET_ACCEPT} onChange={(e) => void sheet.choose(e.target.files, e.target)} />
      </FormField>
      <p className="upload-note">
        <a href={PARTICIPANTS_TEMPLATE_URL} download="participants-template.csv">
          {t('organiser.upload.downloadTemplate')}
        </a>{' '}
        {t('organiser.importParticipants.note', { columns: PARTICIPANT_COLUMNS.join(', ') })}
      </p>
      {chosen?.kind === 'checked' && chosen.sheet.count > 0 && (
        <p className="muted">{t('organiser.importParticipants.count', { count: chosen.sheet.count })}</p>
      )}
      {chosen?.kind === 'xlsx' && !refused.length && <p className="muted">{t('organiser.importParticipants.xlsxNote', { file: sheet.file?.name ?? '' })}</p>}
      {problems.length > 0 && <SheetProblems className="sheet-problems" problems={problems} />}
      {importJob.running && <ImportProgress job={importJob.job} label={t('organiser.participants.importProgress')} />}
    </Modal>
  );
}
