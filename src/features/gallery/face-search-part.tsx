import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { HttpError } from '../../lib/http.ts';
import type { GalleryFaceSearch } from '../../common/contract/participants.ts';
import { faceDataErased, faceSearchClosed } from '../../common/contract/rules.ts';
import { consentGivenLine, consentWithdrawnLine, ERASE_QUESTION, purgeLine, receiptLine } from '../../common/face-consent.ts';
import { agreeToFaceSearch, askErasure, searchByFace, withdrawConsent } from './api.ts';

/** YYYY-MM-DD of `ms` (UTC, as the server's days). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Face search on the gallery page, under the photos (docs/participants.md "Face search"): closed
 * ("Face search closed on <date>."), erased (faceDataErased: for good), or the card: what was
 * agreed (the consent text), when and through whom (the organiser's sheet or the participant's own
 * "I agree"), the purge day; "Search by face" and "Withdraw consent" while a consent is in force,
 * "I agree" otherwise; "Erase my face data" asked first. A withdrawal or an erasure shows its
 * receipt's code (the server e-mails it too when it has the participant's address).
 */
export function FaceSearchPart({ token, initial }: { token: string; initial: GalleryFaceSearch }) {
  const [fs, setFs] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [receipt, setReceipt] = useState('');
  const [asking, setAsking] = useState(false);
  if (fs.closed_on)
    return (
      <section className="gallery-face" aria-label="Face search">
        <p role="status">{faceSearchClosed(fs.closed_on)}</p>
      </section>
    );
  if (fs.mode !== 'consent' && !fs.erased_on) return null;

  async function act(call: () => Promise<string>) {
    setBusy(true);
    setSaid('');
    try {
      setSaid(await call());
    } catch (err) {
      setSaid(err instanceof HttpError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  const agree = () =>
    act(async () => {
      setFs(await agreeToFaceSearch(token));
      setReceipt('');
      return 'Thank you: face search is on for you.';
    });
  const search = () =>
    act(async () => {
      const n = (await searchByFace(token)).photos.length;
      return `Face search found ${n} photo${n === 1 ? '' : 's'} of you.`;
    });
  const withdraw = () =>
    act(async () => {
      const r = await withdrawConsent(token);
      setFs(r.face_search);
      setReceipt(r.code);
      return 'Your consent is withdrawn.';
    });
  const erase = () =>
    act(async () => {
      setAsking(false);
      const r = await askErasure(token);
      setFs({ ...fs, offered: false, consent_text: '', erased_on: dayOf(r.created_at) });
      setReceipt(r.code);
      return 'Your face data is erased.';
    });
  const receiptPart = receipt && (
    <p className="gallery-receipt" role="status">
      {receiptLine(receipt)}
    </p>
  );

  if (fs.erased_on) {
    return (
      <section className="gallery-face" aria-label="Face search">
        <h2>Face search</h2>
        <p role="status">{faceDataErased(fs.erased_on)}</p>
        {receiptPart}
      </section>
    );
  }
  const c = fs.consent;
  const inForce = !!c && c.withdrawn_at == null;
  return (
    <section className="gallery-face" aria-label="Face search">
      <h2>Find your photos by face</h2>
      {inForce ? (
        <>
          <h3>What you agreed to</h3>
          <p className="consent-text">{fs.consent_text}</p>
          <p>{consentGivenLine(c.source, dayOf(c.given_at), c.version)}</p>
        </>
      ) : (
        <>
          {c?.withdrawn_at != null && <p>{consentWithdrawnLine(dayOf(c.withdrawn_at))}</p>}
          <p className="consent-text">
            {fs.consent_text}
            {fs.consent_version ? ` (consent version ${fs.consent_version})` : ''}
          </p>
        </>
      )}
      <p className="muted">{purgeLine(fs.purge_on)}</p>
      <div className="page-actions">
        {inForce ? (
          <>
            {fs.offered && (
              <Button busy={busy} onClick={() => void search()}>
                Search by face
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={() => void withdraw()}>
              Withdraw consent
            </Button>
          </>
        ) : (
          <Button busy={busy} onClick={() => void agree()}>
            I agree
          </Button>
        )}
        <Button variant="danger" disabled={busy} onClick={() => setAsking(true)}>
          Erase my face data
        </Button>
      </div>
      {said && <p role="status">{said}</p>}
      {receiptPart}
      {asking && (
        <ConfirmModal
          title="Erase my face data"
          text={ERASE_QUESTION}
          confirmLabel="Erase"
          busy={busy}
          onConfirm={() => void erase()}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
