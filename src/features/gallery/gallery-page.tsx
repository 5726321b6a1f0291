import { useState } from 'react';
import { useRoute } from 'wouter';
import { Button } from '../../components/button.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { HttpError } from '../../lib/http.ts';
import type { Gallery, GalleryFaceSearch } from '../../common/contract/participants.ts';
import { faceDataErased, faceSearchClosed } from '../../common/contract/rules.ts';
import { agreeToFaceSearch, askErasure, downloadPhoto, getGallery, searchByFace } from './api.ts';

/** What a failed gallery load says: the server's sentence ("Gallery not found.", the 429 wait), else a generic one. */
const failure = (err: unknown) => (err instanceof HttpError && err.message ? err.message : 'The gallery could not be loaded. Please try again.');

/** Opens `url` in a new tab as a download (the photo's full-resolution file). */
function openDownload(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener';
  a.download = '';
  a.click();
}

/**
 * The participant's gallery at /gallery/{token} (public, no session; docs/participants.md "The
 * gallery"): the event's name, the participant's photos as low-resolution links with their BIB,
 * and a download per photo for a free event, or the payment slab and the campaign's app link for a
 * sales event. A wrong link says "Gallery not found.".
 */
export default function GalleryPage() {
  const [, params] = useRoute('/gallery/:token');
  const token = params?.token ?? '';
  const gallery = useLoad((signal) => getGallery(token, signal), [token]);
  const g = gallery.data;
  useDocumentTitle(g ? `Photos of ${g.event.title}` : 'Your photos');

  return (
    <main className="gallery-page">
      {gallery.error != null ? (
        <p className="gallery-note" role="alert">{failure(gallery.error)}</p>
      ) : !g ? (
        <p className="gallery-note" role="status">Loading your photos…</p>
      ) : (
        <GalleryView token={token} g={g} />
      )}
    </main>
  );
}

function GalleryView({ token, g }: { token: string; g: Gallery }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [note, setNote] = useState('');

  async function download(photoId: number) {
    setBusy(photoId);
    setNote('');
    try {
      openDownload((await downloadPhoto(token, photoId)).url);
    } catch (err) {
      setNote(err instanceof HttpError ? err.message : 'The download could not be started. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <header className="gallery-head">
        <h1>{g.event.title}</h1>
        <p className="muted">Photos of {g.participant.name}, BIB {g.participant.bib_number}</p>
      </header>
      {g.sale && (
        <section className="gallery-sale" aria-label="How to buy">
          <h2>Buy your photos</h2>
          <p><strong>{g.sale.slab}</strong>{g.sale.description ? ` — ${g.sale.description}` : ''}</p>
          {g.sale.link && <p><a className="btn btn-primary" href={g.sale.link} rel="noopener">Buy in the {g.sale.campaign} app</a></p>}
        </section>
      )}
      {note && <p className="form-note" role="alert">{note}</p>}
      <FaceSearchPart token={token} initial={g.face_search} />
      {g.photos.length === 0 ? (
        <p className="gallery-note">No photos with your BIB yet.</p>
      ) : (
        <ul className="gallery-photos" aria-label="Your photos">
          {g.photos.map((p) => (
            <li key={p.id}>
              <a href={p.low_res_image} target="_blank" rel="noopener"><img src={p.low_res_image} alt={`BIB ${p.bid_number}`} loading="lazy" /></a>
              <span className="gallery-bib">BIB {p.bid_number}</span>
              {!g.sale && <Button busy={busy === p.id} onClick={() => void download(p.id)}>Download</Button>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Face search on the gallery page: closed ("Face search closed on <date>."), erased (faceDataErased:
 * for good, no "I agree" any more), the consent text with "I agree" (a consent receipt), or
 * "Search by face" once agreed; "Erase my face data" answers the erasure receipt's number.
 */
function FaceSearchPart({ token, initial }: { token: string; initial: GalleryFaceSearch }) {
  const [fs, setFs] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  if (fs.closed_on) return <section className="gallery-face" aria-label="Face search"><p role="status">{faceSearchClosed(fs.closed_on)}</p></section>;
  if (fs.mode !== 'consent') return null;

  async function act(call: () => Promise<string>) {
    setBusy(true);
    setSaid('');
    try { setSaid(await call()); } catch (err) { setSaid(err instanceof HttpError ? err.message : 'Something went wrong. Please try again.'); } finally { setBusy(false); }
  }
  const agree = () => act(async () => { setFs(await agreeToFaceSearch(token)); return 'Thank you: face search is on for you.'; });
  const search = () => act(async () => { const n = (await searchByFace(token)).photos.length; return `Face search found ${n} photo${n === 1 ? '' : 's'} of you.`; });
  const erase = () => act(async () => {
    const r = await askErasure(token);
    setFs({ ...fs, offered: false, consent_text: '', erased_on: new Date(r.created_at).toISOString().slice(0, 10) });
    return `Your face data is erased. Receipt number ${r.id}.`;
  });
  if (fs.erased_on) {
    return (
      <section className="gallery-face" aria-label="Face search">
        <p role="status">{faceDataErased(fs.erased_on)}</p>
        {said && <p role="status">{said}</p>}
      </section>
    );
  }

  return (
    <section className="gallery-face" aria-label="Face search">
      <h2>Find your photos by face</h2>
      {!fs.offered && <p className="consent-text">{fs.consent_text}{fs.consent_version ? ` (consent version ${fs.consent_version})` : ''}</p>}
      <div className="page-actions">
        {fs.offered ? <Button busy={busy} onClick={() => void search()}>Search by face</Button> : <Button busy={busy} onClick={() => void agree()}>I agree</Button>}
        <Button variant="secondary" disabled={busy} onClick={() => void erase()}>Erase my face data</Button>
      </div>
      {said && <p role="status">{said}</p>}
    </section>
  );
}
