import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import type { ImportJobState } from '../../components/use-import-job.ts';
import { parseCsv } from '../../common/csv.ts';
import { NO_ROWS, NOT_A_SPREADSHEET, SHEET_MAX_BYTES, TOO_LARGE, missingColumns, missingColumnsMessage, reportedProblems, sheetKind } from '../../common/sheet-rules.ts';
import { bibRepeatedMessage, PARTICIPANT_COLUMNS, participantRowProblem, type ParticipantCells } from '../../common/participant-sheet.ts';
import { fieldMessages } from '../../lib/error-catalogue.ts';
import { groupDigits } from '../../common/numbers.ts';
import * as api from './api.ts';

/** The CSV template with the sheet's columns and one example row (static/templates/). */
export const PARTICIPANTS_TEMPLATE_URL = '/templates/participants-template.csv';

/** A chosen file's preview: a CSV's row count and problems (the API's rules), or an .xlsx checked on import. */
type Preview = { kind: 'csv'; count: number; problems: string[] } | { kind: 'xlsx' } | { kind: 'bad'; message: string };

/** Checks a CSV participants sheet as the API will (header, each row, BIBs repeated in the sheet). */
function checkSheet(table: string[][]): { count: number; problems: string[] } {
  const [head = [], ...body] = table;
  const header = head.map((h) => h.trim().toLowerCase());
  const missing = missingColumns(header, PARTICIPANT_COLUMNS);
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

async function previewOf(file: File): Promise<Preview> {
  if (file.size > SHEET_MAX_BYTES) return { kind: 'bad', message: TOO_LARGE };
  const kind = sheetKind(file.name);
  if (kind === 'xlsx') return { kind: 'xlsx' };
  if (!kind) return { kind: 'bad', message: NOT_A_SPREADSHEET };
  return { kind: 'csv', ...checkSheet(parseCsv(await file.text())) };
}

/**
 * "Import participants" (docs/participants.md "The participants sheet"): the sheet chooser,
 * Download Template, a preview (row count and problems of a CSV before anything is sent), Import;
 * the API's row problems listed when it refuses; then the background job's bar (`importJob`, owned
 * by the tab) until it ends.
 */
export function ImportParticipantsModal({ eventId, onClose, importJob }: { eventId: number; onClose: () => void; importJob: ImportJobState }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const { failed } = useFeedback();
  const fe = useFormErrors();
  const blocked = preview?.kind === 'bad' || (preview?.kind === 'csv' && preview.problems.length > 0);

  async function choose(input: HTMLInputElement) {
    setServerProblems([]);
    const f = input.files?.[0] ?? null;
    setFile(f);
    setPreview(f ? await previewOf(f) : null);
  }

  async function submit() {
    if (sending || importJob.running) return;
    if (fe.check({ file: file ? (blocked ? 'Please correct the problems in the spreadsheet first.' : null) : 'Please choose a spreadsheet.' })) return;
    setSending(true);
    setServerProblems([]);
    try {
      importJob.start((await api.importParticipants(eventId, file!)).data.job_id);
    } catch (err) {
      const rows = fieldMessages(err, 'file');
      if (rows.length) setServerProblems(rows);
      else fe.fromServer(err);
      failed(err);
    } finally {
      setSending(false);
    }
  }

  const problems = serverProblems.length ? serverProblems : preview?.kind === 'csv' ? preview.problems : preview?.kind === 'bad' ? [preview.message] : [];
  return (
    <Modal title="Import participants" size="lg" onClose={onClose} onSubmit={() => void submit()}
      footer={<><Button variant="secondary" onClick={onClose}>Close</Button><Button type="submit" busy={sending || importJob.running} disabled={blocked}>Import</Button></>}>
      <FormField bind={fe.field('file')} label="Spreadsheet (.csv or .xlsx)" required>
        <input name="file" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => void choose(e.target)} />
      </FormField>
      <p className="upload-note">
        <a href={PARTICIPANTS_TEMPLATE_URL} download="participants-template.csv">Download Template</a>
        {' '}Columns {PARTICIPANT_COLUMNS.join(', ')}; face_consent is yes or no, consent_date YYYY-MM-DD.
      </p>
      {preview?.kind === 'csv' && preview.count > 0 && <p className="muted">{groupDigits(preview.count)} participant{preview.count === 1 ? '' : 's'} in this sheet.</p>}
      {preview?.kind === 'xlsx' && !serverProblems.length && <p className="muted">{file?.name}: the rows of an .xlsx file are checked when it is imported.</p>}
      {problems.length > 0 && <ul className="sheet-problems" role="alert">{problems.map((p) => <li key={p}>{p}</li>)}</ul>}
      {importJob.running && <ImportProgress job={importJob.job} label="Participants import progress" />}
    </Modal>
  );
}
