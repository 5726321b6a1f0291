import '../../lib/messages/shell.ts';
import '../../lib/messages/admin.ts';
import { useRef, type RefObject } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors, type FieldBinding } from '../../components/use-form-errors.ts';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { HttpError } from '../../lib/http.ts';
import { ImportProgress } from '../../components/import-progress.tsx';
import type { ImportJobState } from '../../components/use-import-job.ts';
import { SheetPreview, SheetProblems } from '../../components/sheet-preview.tsx';
import { SHEET_ACCEPT, sheetFieldCheck, useSheetImport, type ChosenSheet } from '../../components/use-sheet-import.ts';
import { roleRules, usersSheetReaders, withTaken, type ImportPreview } from './import-preview.ts';
import { checkImportEmails, importUsers } from './api.ts';
import { t } from '../../lib/i18n.ts';

/** The CSV template beside Import: a header of USER_IMPORT_COLUMNS (DESIGN.md §4). */
export const USERS_TEMPLATE_URL = '/templates/users-template.csv';

/** The preview with the e-mails already stored named; one request (user/import/check) for the whole sheet. */
const withStoredEmails = async (p: ImportPreview) => (p.emails.length ? withTaken(p, new Set(await checkImportEmails(p.emails.map((e) => e.email)))) : p);

/** A transport error is only logged (admin-area §8 "Import transport error"): true when `err` is one. */
const transportOnly = (err: unknown) => {
  if (!(err instanceof HttpError) || err.status !== 0) return false;
  console.error(err);
  return true;
};

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
export function ImportUsersModal({
  onClose,
  importJob,
  roles,
  assignable,
}: {
  onClose: () => void;
  importJob: ImportJobState;
  roles: { id: number; name: string }[] | null;
  assignable: number[] | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const fe = useFormErrors();
  const sheet = useSheetImport({ field: 'file', readers: usersSheetReaders(roleRules(roles, assignable)), recheck: withStoredEmails, importJob, fe });
  // A sheet with problems is not sent, not even by Enter; the preview already says why.
  const submit = () => {
    if (!sheet.blocked) sheet.submit(() => importUsers(sheet.file!), { checks: { file: sheetFieldCheck(sheet.file, false) }, intercept: transportOnly });
  };

  return (
    <Modal
      title={t('admin.import.title')}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <a className="btn btn-link form-hint" href={USERS_TEMPLATE_URL} download="users-template.csv">
            {t('admin.import.template')}
          </a>
          <Button variant="secondary" onClick={onClose}>
            {t('action.close')}
          </Button>
          <Button type="submit" busy={sheet.sending !== null || importJob.running} disabled={sheet.reading || sheet.blocked}>
            {t('admin.import.import')}
          </Button>
        </>
      }
    >
      <p>{t('admin.import.upload')}</p>
      <UsersDropZone input={input} bind={fe.field('file')} onChoose={(files) => void sheet.choose(files, input.current)} />
      {sheet.reading && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {sheet.chosen ? t('admin.import.checkingEmails') : t('admin.import.reading')}
        </p>
      )}
      {sheet.chosen && <UsersSheet chosen={sheet.chosen} problems={sheet.problems} />}
      {importJob.running && <ImportProgress job={importJob.job} label={t('admin.users.importProgress')} />}
      {sheet.refused.length > 0 && (
        <SheetProblems
          className="import-problems"
          heading={
            <p>
              <strong>{t('admin.import.nothingImported')}</strong>
            </p>
          }
          problems={sheet.refused}
        />
      )}
    </Modal>
  );
}

/** The file chooser, also a drop target (a drop of several files is refused like a choice of several). */
function UsersDropZone({
  input,
  bind,
  onChoose,
}: {
  input: RefObject<HTMLInputElement | null>;
  bind: FieldBinding;
  onChoose: (files: FileList | null) => void;
}) {
  return (
    <div
      className="drop-zone"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        onChoose(e.dataTransfer.files);
      }}
    >
      <FormField bind={bind} label={<span className="sr-only">{t('admin.import.file')}</span>} required>
        <input ref={input} type="file" name="file" accept={SHEET_ACCEPT} onChange={(e) => onChoose(e.target.files)} />
      </FormField>
      <p className="muted small">{t('admin.import.fileHint')}</p>
    </div>
  );
}

/** Passwords are never shown, only whether the cell has one. */
const hidePassword = (column: string, cell: string) => (column.toLowerCase() === 'password' && cell ? '••••••' : cell);

/** The chosen sheet: its problems, then its first rows. */
function UsersSheet({ chosen, problems }: { chosen: ChosenSheet<ImportPreview>; problems: string[] }) {
  const view = chosen.kind === 'checked' ? chosen.sheet : null;
  return (
    <div className="import-preview">
      {problems.length > 0 && (
        <SheetProblems
          className="import-problems"
          heading={
            <p>
              <strong>{t('admin.import.fixProblems')}</strong>
            </p>
          }
          problems={problems}
        />
      )}
      {view && view.rows.length > 0 && (
        <>
          <p className="muted">
            {view.total > view.rows.length
              ? t('admin.import.inFileFirst', { count: view.total, shown: view.rows.length })
              : t('admin.import.inFile', { count: view.total })}
          </p>
          <SheetPreview label={t('admin.import.preview')} header={view.header} rows={view.rows} show={hidePassword} />
        </>
      )}
    </div>
  );
}
