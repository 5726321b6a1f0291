import '../lib/messages/access.ts';
import { useReducer, useRef } from 'react';
import { parseCsv } from '../common/csv.ts';
import { NOT_A_SPREADSHEET, SHEET_MAX_BYTES, sheetKind, TOO_LARGE } from '../common/sheet-rules.ts';
import { fieldMessages } from '../lib/error-catalogue.ts';
import { t } from '../lib/i18n.ts';
import { loadSharedTexts } from '../lib/shared-texts.ts';
import type { FieldChecks } from './form-errors.ts';
import { useAction } from './use-action.ts';
import { useFeedback } from './use-feedback.ts';
import type { FormErrors } from './use-form-errors.ts';
import type { ImportJobState } from './use-import-job.ts';

/**
 * The one flow of the console's sheet imports (Import Users, admin-area §2; Upload event photos,
 * organiser-console §2; Import participants, docs/participants.md; DESIGN.md §4): choose one
 * .csv/.xlsx file, read and check it in the browser, show its rows and problems, send it, and
 * hand the background job it starts to the screen's `useImportJob`. The state changes through
 * the pure `sheetImportReducer`; `readChosen` and the messages are pure steps; `useSheetImport`
 * holds the effects (reading, sending, toasts) at the edge.
 */

/** What a browser-side check of a sheet gives: at least the problems that keep it from being sent. */
export interface CheckedSheet {
  problems: string[];
}

/**
 * A chosen file as the modal knows it before sending:
 * - `checked`: read and checked in the browser (`sheet`: rows, counts, problems);
 * - `xlsx`: a workbook the API checks when it is sent (the modal reads no .xlsx);
 * - `bad`: refused before it could be checked (too large, not a spreadsheet, unreadable).
 */
export type ChosenSheet<S extends CheckedSheet> = { kind: 'checked'; sheet: S } | { kind: 'xlsx' } | { kind: 'bad'; message: string };

/** How a modal checks a sheet: `csv` always; `xlsx` only when the browser reads workbooks too. */
export interface SheetReaders<S extends CheckedSheet> {
  csv: (file: File) => Promise<S>;
  xlsx?: (file: File) => Promise<S>;
}

/** What the sheet choosers offer: .csv and .xlsx files. */
export const SHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Readers for a modal that checks CSV text with `check` (a table from parseCsv) and leaves an .xlsx to the API. */
export const csvReaders = <S extends CheckedSheet>(check: (table: string[][]) => S): SheetReaders<S> => ({
  csv: async (file) => check(parseCsv(await file.text())),
});

/** A chosen file the reader failed on (a file changed or removed while it was read), in the reader's language. */
export const unreadable = () => t('access.sheet.unreadable');
/** Send pressed with no file chosen. */
export const chooseSheet = () => t('access.sheet.choose');
/** Send pressed while the preview lists problems. */
export const fixSheetFirst = () => t('access.sheet.fixFirst');

/**
 * Reads a chosen file into what the modal shows: a file over SHEET_MAX_BYTES or not named
 * .csv/.txt/.xlsx is refused unread; otherwise the reader of its kind checks it, or an .xlsx
 * without a reader waits for the API. A reader that throws gives `unreadable` (the error is logged).
 * The problems stay the shared rules' English; SheetProblems says them in the reader's language.
 */
export async function readChosen<S extends CheckedSheet>(file: File, readers: SheetReaders<S>): Promise<ChosenSheet<S>> {
  if (file.size > SHEET_MAX_BYTES) return { kind: 'bad', message: TOO_LARGE };
  const kind = sheetKind(file.name);
  if (!kind) return { kind: 'bad', message: NOT_A_SPREADSHEET };
  const read = kind === 'csv' ? readers.csv : readers.xlsx;
  if (!read) return { kind: 'xlsx' };
  try {
    return { kind: 'checked', sheet: await read(file) };
  } catch (err) {
    console.error(err);
    return { kind: 'bad', message: unreadable() };
  }
}

/** The problems that keep a chosen sheet from being sent (none for an .xlsx the API checks). */
export const sheetProblems = <S extends CheckedSheet>(chosen: ChosenSheet<S> | null): string[] =>
  chosen?.kind === 'checked' ? chosen.sheet.problems : chosen?.kind === 'bad' ? [chosen.message] : [];

/** The sheet field's check when Send is pressed: a file must be chosen and, when `blocked`, fixed first. */
export const sheetFieldCheck = (file: File | null, blocked: boolean): string | null => (file ? (blocked ? fixSheetFirst() : null) : chooseSheet());

/** One import modal's state. */
export interface SheetImportState<S extends CheckedSheet> {
  /** The chosen file; null before a choice, or after several files were chosen at once. */
  file: File | null;
  /** Which choice is current: what is read for an earlier one is dropped. */
  choice: number;
  /** What the current file was read into; null while it is first read. */
  chosen: ChosenSheet<S> | null;
  /** The current file is being read or checked. */
  reading: boolean;
  /** The rows the API named when it refused the sheet (nothing was imported). */
  refused: string[];
  /** While the sheet is sent, the fraction sent so far (0..1); null otherwise. */
  sending: number | null;
}

/** What can happen in an import modal. */
export type SheetImportAction<S extends CheckedSheet> =
  | { type: 'choose'; choice: number; file: File | null }
  | { type: 'read'; choice: number; chosen: ChosenSheet<S> }
  | { type: 'readDone'; choice: number }
  | { type: 'send' }
  | { type: 'progress'; sent: number }
  | { type: 'settle'; refused?: string[] };

/** A modal before any choice. */
export const initialSheetImport = <S extends CheckedSheet>(): SheetImportState<S> => ({
  file: null,
  choice: 0,
  chosen: null,
  reading: false,
  refused: [],
  sending: null,
});

/**
 * The modal's steps as `(state, action) -> state`: `choose` starts choice `choice` (a new file, or
 * none) and forgets the last refusal; `read` / `readDone` land only for the current choice;
 * `send` starts sending, `progress` moves the fraction sent, `settle` ends the send, with the
 * rows the API `refused` when it did.
 */
export function sheetImportReducer<S extends CheckedSheet>(s: SheetImportState<S>, a: SheetImportAction<S>): SheetImportState<S> {
  switch (a.type) {
    case 'choose':
      return { ...s, choice: a.choice, file: a.file, chosen: null, reading: a.file !== null, refused: [] };
    case 'read':
      return a.choice === s.choice ? { ...s, chosen: a.chosen } : s;
    case 'readDone':
      return a.choice === s.choice ? { ...s, reading: false } : s;
    case 'send':
      return { ...s, sending: 0, refused: [] };
    case 'progress':
      return s.sending === null ? s : { ...s, sending: a.sent };
    case 'settle':
      return { ...s, sending: null, refused: a.refused ?? [] };
  }
}

/** What `useSheetImport` needs from its modal. */
export interface SheetImportOptions<S extends CheckedSheet> {
  /** The form field the sheet is sent as; the API's row problems come back under it. */
  field: string;
  readers: SheetReaders<S>;
  /** A second look once the rows show (the users sheet asks which e-mails are stored); a failure only logs. */
  recheck?: (sheet: S) => Promise<S>;
  /** The screen's job, so progress outlives the modal. */
  importJob: ImportJobState;
  /** The modal's form errors: the sheet field's check and the API's field messages land there. */
  fe: FormErrors;
}

/** How one send goes: the form's checks, and a failure the modal handles itself (true: nothing more is said). */
export interface SendOptions {
  checks: FieldChecks;
  intercept?: (err: unknown) => boolean;
}

/** A call that sends the sheet, reporting the fraction sent, and answers the job it started. */
export type SendSheet = (progress: (sent: number) => void) => Promise<{ data: { job_id: number } }>;

/**
 * The import modal's state and its two acts:
 * - `choose(files, input)`: one file is read with `readers` (then `recheck`); several at once
 *   say "Cannot use multiple files", empty `input` and leave nothing chosen;
 * - `submit(send, options)`: refused while reading, sending or while the job runs; otherwise
 *   runs `options.checks`, sends, and starts the job; a refusal lists the API's rows for the
 *   field (`refused`) or places its field messages, and says it in the error catalogue's toasts.
 * Also `problems` (what keeps the sheet from being sent) and `blocked` (there are some).
 */
export function useSheetImport<S extends CheckedSheet>({ field, readers, recheck, importJob, fe }: SheetImportOptions<S>) {
  const [state, dispatch] = useReducer(sheetImportReducer<S>, undefined, initialSheetImport<S>);
  const choices = useRef(0);
  const { toast } = useFeedback();
  const { run } = useAction();

  async function choose(files: FileList | null, input: HTMLInputElement | null) {
    const several = (files?.length ?? 0) > 1;
    if (several) {
      toast.error(t('access.sheet.multipleFiles'));
      if (input) input.value = '';
    }
    const file = several ? null : (files?.[0] ?? null);
    // The words of the problems the preview may list, for a reader of another language than English.
    if (file) loadSharedTexts().catch(console.error);
    const mine = ++choices.current;
    dispatch({ type: 'choose', choice: mine, file });
    if (!file) return;
    const chosen = await readChosen(file, readers);
    dispatch({ type: 'read', choice: mine, chosen });
    if (recheck && chosen.kind === 'checked' && mine === choices.current) {
      await recheck(chosen.sheet).then((sheet) => dispatch({ type: 'read', choice: mine, chosen: { kind: 'checked', sheet } }), console.error);
    }
    dispatch({ type: 'readDone', choice: mine });
  }

  function submit(send: SendSheet, { checks, intercept }: SendOptions) {
    if (state.sending !== null || state.reading || importJob.running) return;
    if (fe.check(checks)) return;
    dispatch({ type: 'send' });
    void run(() => send((sent) => dispatch({ type: 'progress', sent })), {
      // The job's own message is the success toast, when it ends (the screen's useImportJob).
      success: '',
      onSuccess: (res) => {
        dispatch({ type: 'settle' });
        importJob.start(res.data.job_id);
      },
      onError: (err) => {
        if (intercept?.(err)) {
          dispatch({ type: 'settle' });
          return true;
        }
        const rows = fieldMessages(err, field);
        if (!rows.length) fe.fromServer(err);
        dispatch({ type: 'settle', refused: rows });
        return false;
      },
    });
  }

  const problems = sheetProblems(state.chosen);
  return { ...state, problems, blocked: problems.length > 0, choose, submit };
}

/** The value `useSheetImport` returns. */
export type SheetImport<S extends CheckedSheet> = ReturnType<typeof useSheetImport<S>>;
