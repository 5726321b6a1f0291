import '../../lib/messages/gallery.ts';
import { useEffect, useId, useState } from 'react';
import { useRoute } from 'wouter';
import { Button } from '../../components/button.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { HttpError } from '../../lib/http.ts';
import type { Gallery } from '../../common/contract/participants.ts';
import { downloadAll, downloadPhoto, getGallery } from './api.ts';
import { FaceSearchPart } from './face-search-part.tsx';
import { t } from '../../lib/i18n.ts';
import { useLocale } from '../../providers/locale.tsx';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../common/i18n/locales.ts';
import { galleryLocale, handOver, pickLocale, takeHandoff } from './gallery-language.ts';

/** What a failed gallery load says: the server's sentence ("Gallery not found.", the 429 wait), else a generic one. */
const failure = (err: unknown) => (err instanceof HttpError && err.message ? err.message : t('access.gallery.loadFailed'));

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
 * says "Gallery not found.". The page opens in the participant's language (else the event's, else
 * English: the gallery's `language`) and offers a switch (gallery-language.ts).
 */
export default function GalleryPage() {
  const [, params] = useRoute('/gallery/:token');
  const token = params?.token ?? '';
  const { locale, choose } = useLocale();
  const gallery = useLoad(async (signal) => takeHandoff(token) ?? getGallery(token, signal), [token]);
  const g = gallery.data;
  useDocumentTitle(g ? t('access.gallery.titleOf', { event: g.event.title }) : t('access.gallery.yourPhotos'));
  // Shown in the gallery's language once it is known; the page renders anew in it, with the gallery handed over.
  const wanted = g ? galleryLocale(g) : null;
  useEffect(() => {
    if (!g || !wanted || wanted === locale) return;
    handOver(token, g);
    choose(wanted, false).catch(console.error);
  }, [g, wanted, locale, token, choose]);

  return (
    <main className="gallery-page">
      {gallery.error != null ? (
        <p className="gallery-note" role="alert">
          {failure(gallery.error)}
        </p>
      ) : !g ? (
        <p className="gallery-note" role="status">
          {t('access.gallery.loading')}
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
      setNote(err instanceof HttpError ? err.message : t('access.gallery.downloadFailed'));
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
        <GalleryLanguageSwitch />
        <h1>{g.event.title}</h1>
        <p className="muted">{t('access.gallery.photosOf', { name: g.participant.name, bib: g.participant.bib_number })}</p>
      </header>
      {n === 0 ? (
        <p className="gallery-note">{t('access.gallery.none')}</p>
      ) : (
        <>
          {!g.sale && (
            <div className="gallery-actions">
              <Button busy={busy === 'all'} onClick={() => void downloadEvery()}>
                {t('access.gallery.downloadAll', { count: n })}
              </Button>
            </div>
          )}
          {all && (
            <section className="gallery-downloads" aria-label={t('access.gallery.yourDownloads')}>
              <p role="status">{t('access.gallery.ready', { count: all.length })}</p>
              <ol>
                {all.map((d, i) => (
                  <li key={d.id}>
                    <a href={d.url} target="_blank" rel="noopener" download>
                      {t('access.gallery.photoFull', { number: i + 1 })}
                    </a>
                  </li>
                ))}
              </ol>
            </section>
          )}
          <ul className="gallery-photos" aria-label={t('access.gallery.yourPhotos')}>
            {g.photos.map((p, i) => (
              <li key={p.id} data-orientation={p.orientation === 'landscape' ? 'landscape' : 'portrait'}>
                <a href={p.low_res_image} target="_blank" rel="noopener">
                  <img src={p.low_res_image} alt={t('access.gallery.photoAlt', { bib: p.bid_number, number: i + 1, total: n })} loading="lazy" />
                </a>
                {!g.sale && (
                  <Button
                    variant="secondary"
                    busy={busy === p.id}
                    aria-label={t('access.gallery.downloadPhoto', { number: i + 1 })}
                    onClick={() => void download(p.id)}
                  >
                    {t('access.gallery.download')}
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
        <section className="gallery-sale" aria-label={t('access.gallery.howToBuy')}>
          <h2>{t('access.gallery.buyTitle')}</h2>
          <p>
            <strong>{g.sale.slab}</strong>
            {g.sale.description ? ` — ${g.sale.description}` : ''}
          </p>
          {g.sale.link && (
            <p>
              <a className="btn btn-primary" href={g.sale.link} rel="noopener">
                {t('access.gallery.buyIn', { campaign: g.sale.campaign })}
              </a>
            </p>
          )}
        </section>
      )}
      <FaceSearchPart token={token} initial={g.face_search} />
    </>
  );
}

/** The gallery's language switch: each shipped language by its own name; the pick stays in the address, not in this browser's memory. */
function GalleryLanguageSwitch() {
  const id = useId();
  const { locale, choose } = useLocale();
  const pick = (l: Locale) => {
    pickLocale(l);
    choose(l, false).catch(console.error);
  };
  return (
    <p className="gallery-language">
      <label htmlFor={id}>{t('access.gallery.language')}</label>{' '}
      <select id={id} value={locale} onChange={(e) => pick(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </p>
  );
}
