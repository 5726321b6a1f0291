import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import '../../lib/messages/participants.ts';
import { useId, useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useFormErrors, type FieldBinding } from '../../components/use-form-errors.ts';
import { PHOTO_COLUMNS } from '../../common/sheet-rules.ts';
import { checkPhotoSheet, type PhotoSheet } from './photo-sheet.ts';
import { DuplicatesChoices, DuplicatesQuestion, duplicatesOf } from './duplicates-question.tsx';
import { CHECKING_ROWS, ImportProgress } from '../../components/import-progress.tsx';
import { SheetPreview, SheetProblems } from '../../components/sheet-preview.tsx';
import { csvReaders, SHEET_ACCEPT, sheetFieldCheck, useSheetImport, type SheetImport } from '../../components/use-sheet-import.ts';
import { percentOf } from '../../common/import-job.ts';
import type { ImportJobState } from '../../components/use-import-job.ts';
import * as api from './api.ts';
import { PRICE_PATTERN } from '../../common/contract/rules.ts';
import { groupDigits } from '../../common/numbers.ts';
import { t, tParts } from '../../lib/i18n.ts';

/** The CSV template with exactly the sheet's columns (static/templates/). */
export const TEMPLATE_URL = '/templates/event-photos-template.csv';

/** CSV rows are checked here; an .xlsx is checked by the API on upload. */
const PHOTO_READERS = csvReaders(checkPhotoSheet);

/** The price field's check: a Flat price must be an amount. */
const priceCheck = (priceType: 1 | 2, price: string) => (priceType === 2 && !PRICE_PATTERN.test(price.trim()) ? t('organiser.upload.priceInvalid') : null);

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
  const [duplicates, setDuplicates] = useState<number | null>(null);
  const fe = useFormErrors();
  const sheet = useSheetImport({ field: 'excel', readers: PHOTO_READERS, importJob, fe });
  const ids = { note: useId(), problems: useId() };
  const sending = sheet.sending !== null;

  const choose = (input: HTMLInputElement) => {
    setDuplicates(null);
    void sheet.choose(input.files, input);
  };
  const upload = (choice?: api.Duplicates) =>
    sheet.submit(
      (progress) =>
        api.uploadPhotos(eventId, sheet.file!, priceType, price.trim(), progress, choice).then((res) => {
          setDuplicates(null);
          return res;
        }),
      {
        checks: { photo_price: priceCheck(priceType, price), excel: sheetFieldCheck(sheet.file, sheet.blocked) },
        // Repeated bid numbers: ask (the server wrote nothing) instead of a failure toast.
        intercept: (err) => {
          const repeated = choice ? null : duplicatesOf(err);
          if (repeated !== null) setDuplicates(repeated);
          return repeated !== null;
        },
      },
    );

  return (
    <Modal
      title={t('organiser.upload.title')}
      size="lg"
      onClose={sending ? () => undefined : onClose}
      onSubmit={() => upload()}
      footer={
        duplicates !== null ? (
          <DuplicatesChoices busy={sending || importJob.running} onChoose={upload} onCancel={() => setDuplicates(null)} />
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={sending}>
              {t('action.close')}
            </Button>
            <Button type="submit" busy={sending || importJob.running} disabled={sheet.blocked}>
              {t('organiser.upload.upload')}
            </Button>
          </>
        )
      }
    >
      <PhotoPrice priceType={priceType} price={price} disabled={sending} bind={fe.field('photo_price')} onType={setPriceType} onPrice={setPrice} />
      <FormField bind={fe.field('excel')} label={t('organiser.upload.spreadsheet')} required hintId={`${ids.note} ${ids.problems}`}>
        <input name="excel" type="file" accept={SHEET_ACCEPT} disabled={sending} onChange={(e) => choose(e.target)} />
      </FormField>
      <p id={ids.note} className="upload-note">
        <a href={TEMPLATE_URL} download="event-photos-template.csv">
          {t('organiser.upload.downloadTemplate')}
        </a>{' '}
        {t('organiser.upload.note', { columns: PHOTO_COLUMNS.join(', ') })}
      </p>
      <PhotoSheetView sheet={sheet} duplicates={duplicates} problemsId={ids.problems} />
      {sheet.sending !== null && <UploadBar sent={sheet.sending} />}
      {!sending && importJob.running && <ImportProgress job={importJob.job} label={t('organiser.photos.progress')} />}
    </Modal>
  );
}

/** Price type Free or Flat, and the price (0 and locked for Free). */
function PhotoPrice({
  priceType,
  price,
  disabled,
  bind,
  onType,
  onPrice,
}: {
  priceType: 1 | 2;
  price: string;
  disabled: boolean;
  bind: FieldBinding;
  onType: (t: 1 | 2) => void;
  onPrice: (p: string) => void;
}) {
  return (
    <>
      <fieldset className="price-type" disabled={disabled}>
        <legend>{t('organiser.upload.priceType')}</legend>
        <label className="check">
          <input type="radio" name="photo_price_type_id" checked={priceType === 1} onChange={() => onType(1)} /> {t('organiser.upload.free')}
        </label>
        <label className="check">
          <input type="radio" name="photo_price_type_id" checked={priceType === 2} onChange={() => onType(2)} /> {t('organiser.upload.flat')}
        </label>
      </fieldset>
      <FormField bind={bind} label={t('organiser.upload.price')} required={priceType === 2}>
        <input
          name="photo_price"
          inputMode="decimal"
          value={priceType === 1 ? '0' : price}
          disabled={priceType === 1 || disabled}
          onChange={(e) => onPrice(e.target.value)}
          placeholder={t('organiser.upload.pricePlaceholder')}
        />
      </FormField>
    </>
  );
}

/** What the chosen sheet holds: its rows, the duplicates question, and the problems (the API's when it refused it). */
function PhotoSheetView({ sheet, duplicates, problemsId }: { sheet: SheetImport<PhotoSheet>; duplicates: number | null; problemsId: string }) {
  const { chosen, refused } = sheet;
  const problems = refused.length ? refused : sheet.problems;
  return (
    <>
      {chosen?.kind === 'xlsx' && !refused.length && <p className="muted">{t('organiser.upload.xlsxNote', { file: sheet.file?.name ?? '' })}</p>}
      {chosen?.kind === 'checked' && <SheetSample sheet={chosen.sheet} />}
      {duplicates !== null && <DuplicatesQuestion count={duplicates} />}
      <div id={problemsId} aria-live="polite">
        {problems.length > 0 && (
          <SheetProblems
            className="sheet-problems"
            problems={problems}
            heading={<strong>{refused.length ? t('organiser.upload.refused') : t('organiser.upload.notYet')}</strong>}
          />
        )}
      </div>
    </>
  );
}

/** The count of rows, then the first few. */
function SheetSample({ sheet }: { sheet: PhotoSheet }) {
  return (
    <div className="sheet-preview">
      <p>
        {tParts(
          sheet.count > sheet.sample.length ? 'organiser.upload.rowsFoundFirst' : 'organiser.upload.rowsFound',
          { count: <strong key="n">{groupDigits(sheet.count)}</strong> },
          { n: sheet.count, shown: sheet.sample.length },
        )}
      </p>
      {sheet.sample.length > 0 && <SheetPreview label={t('organiser.upload.preview')} header={PHOTO_COLUMNS} rows={sheet.sample} cellClass="ellipsis" />}
    </div>
  );
}

/** The file's own upload, before its job exists: the fraction sent, then "Checking rows…". */
function UploadBar({ sent }: { sent: number }) {
  return (
    <div className="upload-progress">
      <progress max={1} value={sent} aria-label={t('organiser.upload.progress')} />
      <span role="status">{sent < 1 ? t('organiser.upload.uploading', { percent: percentOf(sent * 1000, 1000) }) : CHECKING_ROWS}</span>
    </div>
  );
}
