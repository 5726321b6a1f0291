import { useState } from 'react';
import { useRoute } from 'wouter';
import { Button } from '../../components/button.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { HttpError } from '../../lib/http.ts';
import type { Gallery } from '../../common/contract/participants.ts';
import { downloadAll, downloadPhoto, getGallery } from './api.ts';
import { FaceSearchPart } from './face-search-part.tsx';

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
 * gallery"): the event's name and the participant's BIB (once), then the photos first, each in its
 * own orientation (a landscape photo is not cropped into a portrait box), with "Download all" and a
 * download per photo for a free event, or the payment slab and the campaign's app link for a
 * sales event; the face-search card comes after the photos (face-search-part.tsx). A wrong link
 * says "Gallery not found.".
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
        <p className="gallery-note" role="alert">
          {failure(gallery.error)}
        </p>
      ) : !g ? (
        <p className="gallery-note" role="status">
          Loading your photos…
        </p>
      ) : (
        <GalleryView token={token} g={g} />
      )}
    </main>
  );
}

function GalleryView({ token, g }: { token: string; g: Gallery }) {
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [note, setNote] = useState('');
  const [all, setAll] = useState<{ id: number; url: string }[] | null>(null);

  async function fetching(which: number | 'all', call: () => Promise<void>) {
    setBusy(which);
    setNote('');
    try {
      await call();
    } catch (err) {
      setNote(err instanceof HttpError ? err.message : 'The download could not be started. Please try again.');
    } finally {
      setBusy(null);
    }
  }
  const download = (photoId: number) => fetching(photoId, async () => openDownload((await downloadPhoto(token, photoId)).url));
  const downloadEvery = () => fetching('all', async () => setAll((await downloadAll(token)).photos));
  const n = g.photos.length;

  return (
    <>
      <header className="gallery-head">
        <h1>{g.event.title}</h1>
        <p className="muted">
          Photos of {g.participant.name}, BIB {g.participant.bib_number}
        </p>
      </header>
      {n === 0 ? (
        <p className="gallery-note">No photos with your BIB yet.</p>
      ) : (
        <>
          {!g.sale && (
            <div className="gallery-actions">
              <Button busy={busy === 'all'} onClick={() => void downloadEvery()}>
                Download all ({n})
              </Button>
            </div>
          )}
          {all && (
            <section className="gallery-downloads" aria-label="Your downloads">
              <p role="status">{all.length === 1 ? 'Your photo is ready:' : `Your ${all.length} photos are ready: open each to save it.`}</p>
              <ol>
                {all.map((d, i) => (
                  <li key={d.id}>
                    <a href={d.url} target="_blank" rel="noopener" download>
                      Photo {i + 1} (full size)
                    </a>
                  </li>
                ))}
              </ol>
            </section>
          )}
          <ul className="gallery-photos" aria-label="Your photos">
            {g.photos.map((p, i) => (
              <li key={p.id} data-orientation={p.orientation === 'landscape' ? 'landscape' : 'portrait'}>
                <a href={p.low_res_image} target="_blank" rel="noopener">
                  <img src={p.low_res_image} alt={`BIB ${p.bid_number}, ${i + 1} of ${n}`} loading="lazy" />
                </a>
                {!g.sale && (
                  <Button variant="secondary" busy={busy === p.id} aria-label={`Download photo ${i + 1}`} onClick={() => void download(p.id)}>
                    Download
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {note && (
        <p className="form-note" role="alert">
          {note}
        </p>
      )}
      {g.sale && (
        <section className="gallery-sale" aria-label="How to buy">
          <h2>Buy your photos</h2>
          <p>
            <strong>{g.sale.slab}</strong>
            {g.sale.description ? ` — ${g.sale.description}` : ''}
          </p>
          {g.sale.link && (
            <p>
              <a className="btn btn-primary" href={g.sale.link} rel="noopener">
                Buy in the {g.sale.campaign} app
              </a>
            </p>
          )}
        </section>
      )}
      <FaceSearchPart token={token} initial={g.face_search} />
    </>
  );
}
