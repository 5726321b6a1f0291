import { FormField } from '../../components/form-field.tsx';
import { useFormErrors } from '../../components/use-form-errors.ts';
import { useRef, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { useFeedback } from '../../components/use-feedback.ts';
import { useAction } from '../../components/use-action.ts';
import { HttpError } from '../../lib/http.ts';
import { MULTIPLE_FILES } from '../../lib/error-catalogue.ts';
import { cellText, NOT_A_SPREADSHEET, sheetKind } from '../../common/sheet-rules.ts';
import { previewCsvDataUrl, previewTable, withTaken, type ImportPreview, type RoleRules } from './import-preview.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import type { ImportJobState } from '../../components/use-import-job.ts';
import { checkImportEmails, importUsers } from './api.ts';
import { readDataUrl } from '../../lib/read-file.ts';

/** A preview that is only the file-level `problem`. */
const unreadable = (problem: string): ImportPreview => ({ header: [], rows: [], total: 0, problems: [problem], issues: [{ row: 0, text: problem }], emails: [] });

async function preview(file: File, dataUrl: string, rules?: RoleRules): Promise<ImportPreview> {
  const kind = sheetKind(file.name);
  if (kind === 'csv') return previewCsvDataUrl(dataUrl, rules);
  if (kind === 'xlsx') {
    // The .xlsx reader loads only when such a file is chosen.
    const { readSheet } = await import('../../lib/xlsx-reader.ts');
    return previewTable((await readSheet(file)).map((r) => r.map(cellText)), rules);
  }
  return unreadable(NOT_A_SPREADSHEET);
}

/** The CSV template beside Import: a header of USER_IMPORT_COLUMNS (DESIGN.md §4). */
export const USERS_TEMPLATE_URL = '/templates/users-template.csv';

/**
 * Import Users (admin-area §2, §5, §8): "Upload file to import users", one file only (several:
 * "Cannot use multiple files"), read as a data URL and previewed with the problems the browser
 * can see, so the sheet is fixed before it is sent: with `roles` and `assignable` (ids the
 * signed-in user may give) also the roles, and after one request (user/import/check) the
 * e-mails already stored. Import sends it as multipart; the server's
 * row-numbered errors are listed here. A transport error is only logged (admin-area §8).
 * An accepted sheet becomes a background job (`importJob`, owned by the screen): its progress
 * bar shows here and on the screen, and Import stays disabled until it ends.
 */
export function ImportUsersModal({ onClose, importJob, roles, assignable }: {
  onClose: () => void; importJob: ImportJobState; roles: { id: number; name: string }[] | null; assignable: number[] | null;
}) {
  const { toast } = useFeedback();
  const { busy, run } = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [view, setView] = useState<ImportPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const seq = useRef(0);
  const fe = useFormErrors();

  const choose = async (files: FileList | null) => {
    const mine = ++seq.current;
    setServerErrors([]);
    if (files && files.length > 1) {
      toast.error(MULTIPLE_FILES);
      if (input.current) input.current.value = '';
      setFile(null); setView(null);
      return;
    }
    const f = files?.[0] ?? null;
    setFile(f); setView(null);
    if (!f) return;
    setReading(true);
    try {
      const rules = roles && assignable ? { roles: new Map(roles.map((r) => [r.name.toLowerCase(), r])), assignable } : undefined;
      const p = await preview(f, await readDataUrl(f), rules);
      if (mine !== seq.current) return;
      setView(p);
      // One request names the e-mails already stored; if it fails the server still checks on Import.
      if (p.emails.length) {
        const taken = await checkImportEmails(p.emails.map((e) => e.email)).catch((err) => { console.error(err); return [] as string[]; });
        if (mine === seq.current) setView(withTaken(p, new Set(taken)));
      }
    } catch (err) {
      console.error(err);
      if (mine === seq.current) setView(unreadable('This file could not be read. Save it again as .csv or .xlsx.'));
    } finally {
      if (mine === seq.current) setReading(false);
    }
  };

  const submit = () => {
    if (busy || reading || importJob.running || (view && view.problems.length)) return;
    if (fe.check({ file: file ? null : 'Please choose a spreadsheet.' })) return;
    setServerErrors([]);
    const chosen = file!;
    void run(() => importUsers(chosen), {
      // The job's own message is the success toast, when it ends (the screen's useImportJob).
      success: '',
      onSuccess: (res) => importJob.start(res.data.job_id),
      onError: (err) => {
        // A transport error is only logged (admin-area §8); the server's row problems are listed.
        if (err instanceof HttpError && err.status === 0) { console.error(err); return true; }
        if (err instanceof HttpError && err.body?.errors) setServerErrors(Object.values(err.body.errors).flat());
        return false;
      },
    });
  };

  const blocked = !!view?.problems.length;
  return (
    <Modal title="Import Users" size="lg" onClose={onClose} onSubmit={() => void submit()} footer={
      <>
        <a className="btn btn-link form-hint" href={USERS_TEMPLATE_URL} download="users-template.csv">Download Template</a>
        <Button variant="secondary" onClick={onClose}>Close</Button>
        <Button type="submit" busy={busy || importJob.running} disabled={reading || blocked}>Import</Button>
      </>
    }>
      <p>Upload file to import users</p>
      <div className="drop-zone" onDragOver={(e) => e.preventDefault()} onDrop={(e) => { e.preventDefault(); void choose(e.dataTransfer.files); }}>
        <FormField bind={fe.field('file')} label={<span className="sr-only">Spreadsheet file</span>} required>
          <input ref={input} type="file" name="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => void choose(e.target.files)} />
        </FormField>
        <p className="muted small">A .csv or .xlsx file with the columns name, email, password, role (the role by name; a blank password e-mails the user an invitation to choose one). Up to 10 MB and 50,000 rows.</p>
      </div>
      {reading && <p className="muted" role="status"><span className="spinner" aria-hidden="true" /> {view ? 'Checking the e-mails…' : 'Reading the file…'}</p>}
      {view && (
        <div className="import-preview">
          {view.problems.length > 0 && (
            <div className="import-problems" role="alert">
              <p><strong>Fix these problems in the sheet, then choose it again:</strong></p>
              <ul>{view.problems.map((p, i) => <li key={i}>{p}</li>)}</ul>
            </div>
          )}
          {view.rows.length > 0 && (
            <>
              <p className="muted">{view.total} user{view.total === 1 ? '' : 's'} in the file{view.total > view.rows.length ? `; the first ${view.rows.length}:` : ':'}</p>
              <div className="table-wrap">
                <table className="table table-compact" aria-label="Preview">
                  <thead><tr><th scope="col">Row</th>{view.header.map((h, i) => <th key={i} scope="col">{h}</th>)}</tr></thead>
                  <tbody>
                    {view.rows.map((r) => (
                      <tr key={r.row}><td>{r.row}</td>{view.header.map((h, i) => <td key={i}>{h.toLowerCase() === 'password' && r.cells[i] ? '••••••' : r.cells[i] ?? ''}</td>)}</tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
      {importJob.running && <ImportProgress job={importJob.job} label="User import progress" />}
      {serverErrors.length > 0 && (
        <div className="import-problems" role="alert">
          <p><strong>Nothing was imported:</strong></p>
          <ul>{serverErrors.map((p, i) => <li key={i}>{p}</li>)}</ul>
        </div>
      )}
    </Modal>
  );
}
