import { useId, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { parseCsv } from '../../common/csv.ts';
import { NOT_A_SPREADSHEET, PHOTO_COLUMNS, SHEET_MAX_BYTES, sheetKind, TOO_LARGE } from '../../common/sheet-rules.ts';
import { fieldMessages, MULTIPLE_FILES } from '../../lib/error-catalogue.ts';
import { checkPhotoSheet, type SheetPreview } from './photo-sheet.ts';
import { DuplicatesChoices, DuplicatesQuestion, duplicatesOf } from './duplicates-question.tsx';
import { CHECKING_ROWS, ImportProgress } from '../../components/import-progress.tsx';
import { percentOf } from '../../common/import-job.ts';
import type { ImportJobState } from '../../components/use-import-job.ts';
import * as api from './api.ts';
import { PRICE_PATTERN } from '../../common/contract/rules.ts';
import { groupDigits } from '../../common/numbers.ts';

/** The CSV template with exactly the sheet's columns (static/templates/). */
export const TEMPLATE_URL = '/templates/event-photos-template.csv';

type Preview = { kind: 'csv'; sheet: SheetPreview } | { kind: 'xlsx' } | { kind: 'bad'; message: string };

/** Reads a chosen file into a preview: CSV rows checked here, .xlsx checked by the API on upload. */
async function previewOf(file: File): Promise<Preview> {
  if (file.size > SHEET_MAX_BYTES) return { kind: 'bad', message: TOO_LARGE };
  const kind = sheetKind(file.name);
  if (kind === 'xlsx') return { kind: 'xlsx' };
  if (!kind) return { kind: 'bad', message: NOT_A_SPREADSHEET };
  return { kind: 'csv', sheet: checkPhotoSheet(parseCsv(await file.text())) };
}

/**
 * "Upload event photos" (organiser-console §2): price type Free or Flat, price, the spreadsheet
 * chooser, Download Template and the note; a preview of the rows and their problems before
 * upload; a progress bar while the file is sent, then the bar of the background job that writes
 * the rows (`importJob`, owned by the tab, so it outlives this modal); "Successfully uploaded
 * photos" when it ends. When the API refuses the sheet the modal stays open and lists the rows
 * it named; when the sheet repeats bid numbers already on the event it asks Replace / Add /
 * Cancel first, those three taking the footer's place (nothing is written or started until then).
 */
export function UploadPhotosModal({ eventId, onClose, importJob }: { eventId: number; onClose: () => void; importJob: ImportJobState }) {
  const [priceType, setPriceType] = useState<1 | 2>(1);
  const [price, setPrice] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [duplicates, setDuplicates] = useState<number | null>(null);
  const { failed, toast } = useFeedback();
  const fe = useFormErrors();
  const ids = { note: useId(), problems: useId() };
  const blocked = preview?.kind === 'bad' || (preview?.kind === 'csv' && preview.sheet.problems.length > 0);

  async function choose(input: HTMLInputElement) {
    setServerProblems([]);
    setDuplicates(null);
    if ((input.files?.length ?? 0) > 1) { toast.error(MULTIPLE_FILES); input.value = ''; return; }
    const f = input.files?.[0] ?? null;
    setFile(f);
    setPreview(f ? await previewOf(f) : null);
  }

  async function upload(choice?: api.Duplicates) {
    if (progress !== null || importJob.running) return;
    if (fe.check({
      photo_price: priceType === 2 && !PRICE_PATTERN.test(price.trim()) ? 'Please enter the price as an amount such as 5 or 4.50.' : null,
      excel: file ? (blocked ? 'Please correct the problems in the spreadsheet first.' : null) : 'Please choose a spreadsheet.',
    })) return;
    setServerProblems([]);
    setProgress(0);
    try {
      const res = await api.uploadPhotos(eventId, file!, priceType, price.trim(), setProgress, choice);
      setDuplicates(null);
      importJob.start(res.data.job_id);
    } catch (err) {
      // Repeated bid numbers: ask (the server wrote nothing) instead of a failure toast.
      const repeated = choice ? null : duplicatesOf(err);
      if (repeated !== null) { setDuplicates(repeated); return; }
      const rows = fieldMessages(err, 'excel');
      // Row problems are listed below the field (and describe it); other fields' messages sit under them.
      if (rows.length) setServerProblems(rows);
      else fe.fromServer(err);
      failed(err);
    } finally {
      setProgress(null);
    }
  }

  const problems = serverProblems.length ? serverProblems : preview?.kind === 'csv' ? preview.sheet.problems : preview?.kind === 'bad' ? [preview.message] : [];
  return (
    <Modal title="Upload event photos" size="lg" onClose={progress === null ? onClose : () => undefined} onSubmit={() => void upload()}
      footer={duplicates !== null
        ? <DuplicatesChoices busy={progress !== null || importJob.running} onChoose={(d) => void upload(d)} onCancel={() => setDuplicates(null)} />
        : <><Button variant="secondary" onClick={onClose} disabled={progress !== null}>Close</Button>
          <Button type="submit" busy={progress !== null || importJob.running} disabled={blocked}>Upload</Button></>}>
      <fieldset className="price-type" disabled={progress !== null}>
        <legend>Price type</legend>
        <label className="check"><input type="radio" name="photo_price_type_id" checked={priceType === 1} onChange={() => setPriceType(1)} /> Free</label>
        <label className="check"><input type="radio" name="photo_price_type_id" checked={priceType === 2} onChange={() => setPriceType(2)} /> Flat</label>
      </fieldset>
      <FormField bind={fe.field('photo_price')} label="Price" required={priceType === 2}>
        <input name="photo_price" inputMode="decimal" value={priceType === 1 ? '0' : price} disabled={priceType === 1 || progress !== null}
          onChange={(e) => setPrice(e.target.value)} placeholder="e.g. 4.50" />
      </FormField>
      <FormField bind={fe.field('excel')} label="Spreadsheet (.csv or .xlsx)" required hintId={`${ids.note} ${ids.problems}`}>
        <input name="excel" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={progress !== null} onChange={(e) => void choose(e.target)} />
      </FormField>
      <p id={ids.note} className="upload-note">
        <a href={TEMPLATE_URL} download="event-photos-template.csv">Download Template</a>
        {' '}Fill in the template and do not change the data types of its columns ({PHOTO_COLUMNS.join(', ')}; orientation is portrait or landscape).
      </p>

      {preview?.kind === 'xlsx' && !serverProblems.length && <p className="muted">{file?.name}: the rows of an .xlsx file are checked when it is uploaded.</p>}
      {preview?.kind === 'csv' && <SheetSample sheet={preview.sheet} />}
      {duplicates !== null && <DuplicatesQuestion count={duplicates} />}
      <div id={ids.problems} aria-live="polite">
        {problems.length > 0 && (
          <div className="sheet-problems" role="alert">
            <strong>{serverProblems.length ? 'Nothing was uploaded. Fix these rows and try again:' : 'This file cannot be uploaded yet:'}</strong>
            <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
          </div>
        )}
      </div>
      {progress !== null && (
        <div className="upload-progress">
          <progress max={1} value={progress} aria-label="Upload progress" />
          <span role="status">{progress < 1 ? `Uploading… (${percentOf(progress * 1000, 1000)} %)` : CHECKING_ROWS}</span>
        </div>
      )}
      {progress === null && importJob.running && <ImportProgress job={importJob.job} label="Photo upload progress" />}
    </Modal>
  );
}

function SheetSample({ sheet }: { sheet: SheetPreview }) {
  return (
    <div className="sheet-preview">
      <p><strong>{groupDigits(sheet.count)}</strong> row{sheet.count === 1 ? '' : 's'} found{sheet.count > sheet.sample.length ? `; the first ${sheet.sample.length}:` : ':'}</p>
      {sheet.sample.length > 0 && (
        <div className="table-wrap">
          <table className="table table-compact" aria-label="Spreadsheet preview">
            <thead><tr><th scope="col">Row</th>{PHOTO_COLUMNS.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
            <tbody>{sheet.sample.map((r) => <tr key={r.row}><td>{r.row}</td>{r.cells.map((c, i) => <td key={i} className="ellipsis">{c}</td>)}</tr>)}</tbody>
          </table>
        </div>
      )}
    </div>
  );
}
