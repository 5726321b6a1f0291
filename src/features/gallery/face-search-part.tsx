import '../../lib/messages/gallery.ts';
import '../../lib/messages/access.ts';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { HttpError } from '../../lib/http.ts';
import type { GalleryFaceSearch } from '../../common/contract/participants.ts';
import { agreeToFaceSearch, askErasure, searchByFace, withdrawConsent } from './api.ts';
import { currentLocale, formatDay, t } from '../../lib/i18n.ts';

/** YYYY-MM-DD of `ms` (UTC, as the server's days). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A day inside the card's sentences: YYYY-MM-DD in English (as the receipts e-mail it), the reader's date (formatDay) in the other locales. */
const dayIn = (day: string) => (currentLocale() === 'en' ? day : formatDay(day));

/**
 * Face search on the gallery page, under the photos (docs/participants.md "Face search"): closed
 * ("Face search closed on <date>."), erased ("Your face data was erased on <date>…": for good; dates
 * in the reader's locale, formatDay), or the card: what was
 * agreed (the consent text), when and through whom (the organiser's sheet or the participant's own
 * "I agree"), the purge day; "Search by face" and "Withdraw consent" while a consent is in force,
 * "I agree" otherwise; "Erase my face data" asked first. A withdrawal or an erasure shows its
 * receipt's code (the server e-mails it too when it has the participant's address). Every sentence
 * is the gallery area's (`access.face.*`), in the page's language.
 */
export function FaceSearchPart({ token, initial }: { token: string; initial: GalleryFaceSearch }) {
  const [fs, setFs] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [receipt, setReceipt] = useState('');
  const [asking, setAsking] = useState(false);
  if (fs.closed_on)
    return (
      <section className="gallery-face" aria-label={t('access.face.label')}>
        <p role="status">{t('access.face.closedOn', { day: formatDay(fs.closed_on) })}</p>
      </section>
    );
  if (fs.mode !== 'consent' && !fs.erased_on) return null;

  async function act(call: () => Promise<string>) {
    setBusy(true);
    setSaid('');
    try {
      setSaid(await call());
    } catch (err) {
      setSaid(err instanceof HttpError ? err.message : t('access.auth.tryAgain'));
    } finally {
      setBusy(false);
    }
  }
  const agree = () =>
    act(async () => {
      setFs(await agreeToFaceSearch(token));
      setReceipt('');
      return t('access.face.thanks');
    });
  const search = () =>
    act(async () => {
      return t('access.face.found', { count: (await searchByFace(token)).photos.length });
    });
  const withdraw = () =>
    act(async () => {
      const r = await withdrawConsent(token);
      setFs(r.face_search);
      setReceipt(r.code);
      return t('access.face.withdrawn');
    });
  const erase = () =>
    act(async () => {
      setAsking(false);
      const r = await askErasure(token);
      setFs({ ...fs, offered: false, consent_text: '', erased_on: dayOf(r.created_at) });
      setReceipt(r.code);
      return t('access.face.erased');
    });
  const receiptPart = receipt && (
    <p className="gallery-receipt" role="status">
      {t('access.face.receipt', { code: receipt })}
    </p>
  );

  if (fs.erased_on) {
    return (
      <section className="gallery-face" aria-label={t('access.face.label')}>
        <h2>{t('access.face.label')}</h2>
        <p role="status">{t('access.face.erasedOn', { day: formatDay(fs.erased_on) })}</p>
        {receiptPart}
      </section>
    );
  }
  const c = fs.consent;
  const inForce = !!c && c.withdrawn_at == null;
  return (
    <section className="gallery-face" aria-label={t('access.face.label')}>
      <h2>{t('access.face.title')}</h2>
      {inForce ? (
        <>
          <h3>{t('access.face.agreed')}</h3>
          <p className="consent-text">{fs.consent_text}</p>
          <p>
            {t(c.source === 'sheet' ? 'access.face.givenBySheet' : 'access.face.givenHere', { day: dayIn(dayOf(c.given_at)) })}
            {c.version ? ` ${t('access.face.consentVersion', { version: c.version })}` : ''}
          </p>
        </>
      ) : (
        <>
          {c?.withdrawn_at != null && <p>{t('access.face.withdrawnOn', { day: dayIn(dayOf(c.withdrawn_at)) })}</p>}
          <p className="consent-text">
            {fs.consent_version ? t('access.face.version', { text: fs.consent_text, version: fs.consent_version }) : fs.consent_text}
          </p>
        </>
      )}
      <p className="muted">{t('access.face.purge', { day: dayIn(fs.purge_on) })}</p>
      <div className="page-actions">
        {inForce ? (
          <>
            {fs.offered && (
              <Button busy={busy} onClick={() => void search()}>
                {t('access.face.search')}
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={() => void withdraw()}>
              {t('access.face.withdraw')}
            </Button>
          </>
        ) : (
          <Button busy={busy} onClick={() => void agree()}>
            {t('access.face.agree')}
          </Button>
        )}
        <Button variant="danger" disabled={busy} onClick={() => setAsking(true)}>
          {t('access.face.erase')}
        </Button>
      </div>
      {said && <p role="status">{said}</p>}
      {receiptPart}
      {asking && (
        <ConfirmModal
          title={t('access.face.erase')}
          text={t('access.face.eraseQuestion')}
          confirmLabel={t('access.face.eraseButton')}
          busy={busy}
          onConfirm={() => void erase()}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
