import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { ApiError } from '../http/http-error.ts';
import { ok, pageOf, toId } from '../http/envelope.ts';
import { body } from '../http/input.ts';
import { requireUserOn } from '../http/middleware/auth.ts';
import { eventInScope, scoped } from '../http/middleware/scope.ts';
import { readListQuery } from '../db/list-query.ts';
import { exportFormat, listExport } from '../http/list-export.ts';
import { takeHits } from '../db/queries/throttle.ts';
import { addressKey, clientAddress } from '../http/client-address.ts';
import { throttledMessage } from '../lib/auth/link-throttle.ts';
import { logs, whoOf } from '../http/logs.ts';
import {
  FaceSearchInput,
  GalleryDownloadInput,
  PARTICIPANT_STAGES,
  ParticipantInput,
  ParticipantSheetUpload,
  type ParticipantStage,
} from '../../src/common/contract/participants.ts';
import * as faceSearch from '../services/face-search.ts';
import { forwarderFor } from '../recognition/upstream.ts';
import type { Context } from 'hono';
import * as participants from '../services/participants.ts';
import { cachedList } from '../http/list-routes.ts';

/** Gallery openings one client address may make per window (a wrong token counts too). */
export const GALLERY_LIMIT = { perAddress: 60, windowMs: 60_000 };

/** The photo-recognition forwarder of this server (null: the built-in emulation). */
const forwarder = (c: Pick<Context<AppEnv>, 'get'>) => forwarderFor(c.get('config').recognitionUpstreamUrl, c.get('config').recognitionToken);

const inScope = scoped((c) => eventInScope(c.get('sql'), c.get('user'), toId(c.req.param('id'))));

/**
 * Participants of an event and their delivery funnel (docs/participants.md). Scoped like the
 * event calls: a company user reaches only its own organiser's events (403 for another's, 404
 * for none). What each call does: services/participants.ts.
 *
 * - POST event/{id}/participant  bib_number, name, email (optional), face_consent yes|no,
 *        consent_date (optional, YYYY-MM-DD) -> Participant, "Participant added successfully."
 * - POST event/{id}/participants  multipart file (.csv or .xlsx, ≤ 10 MB; columns bib_number, name,
 *        email, face_consent yes|no, consent_date): every row checked first (422 on `file` naming
 *        the rows), then a background job -> { job_id }, "The import has started." (GET import-job/{id};
 *        undone with POST import-job/{id}/undo: routes/import-jobs.ts)
 * - GET  event/{id}/participants?page=&q=&stage=&sort=&dir=  -> paginator of Participant (10 a page)
 * - GET  event/{id}/funnel  -> { registered, matched, notified, viewed, bought }
 * - GET  event/{id}/participants/export?stage=  -> CSV of the stage's BIBs (default unmatched);
 *        with columns=all, the list's rows (q, stage, sort) with every column, as every list exports (?format=xlsx: .xlsx)
 * - GET  event/{id}/notify-matched  -> NotifyPreview { count, without_email, subject, text } (writes nothing)
 * - POST event/{id}/notify-matched  -> { sent }, "N e-mails are queued." (the outbox sends them)
 * - GET  event/{id}/face-search  -> FaceSearchSettings
 * - PUT  event/{id}/face-search  mode off|consent, retention_days (default 30), consent_version -> FaceSearchSettings
 * - POST event/{id}/face-search/purge  -> FaceSearchSettings (closed_on set), the recognition service's delete
 * - GET  event/{id}/consents  -> ConsentReceipt[] (never an image)
 * - POST event/{id}/participant/{pid}/erasure  -> ErasureReceipt (an erasure request the organiser records)
 * - GET  gallery/{token}  public: { event, participant, photos, sale }; 404 "Gallery not found.";
 * - POST gallery/{token}/download  public: photo_id -> { url } (a free event's photo; marks bought;
 *        404 "Photo not found." for a photo not the participant's, 409 for a sales event)
 * - POST gallery/{token}/downloads  public: "Download all" -> { photos: [{ id, url }] } (a free event; marks bought; 409 for a sales event)
 * - POST gallery/{token}/consent  public: "I agree" -> GalleryFaceSearch (403 off, 409 closed)
 * - GET  gallery/{token}/face-search  public: { photos } (403 without consent, 409 closed)
 * - POST gallery/{token}/withdrawal  public: "Withdraw consent" -> ConsentWithdrawal { code, withdrawn_at, face_search }
 *        (409 "You have no consent in force to withdraw."); the receipt e-mailed when the participant has an address
 * - POST gallery/{token}/erasure  public: the participant's erasure request -> ErasureReceipt
 * The gallery calls share GALLERY_LIMIT per client address (429 with Retry-After beyond it).
 */
export const participantRoutes = requireUserOn(
  new Hono<AppEnv>(),
  '/event/:id/participant',
  '/event/:id/participant/*',
  '/event/:id/participants',
  '/event/:id/participants/*',
  '/event/:id/funnel',
  '/event/:id/notify-matched',
  '/event/:id/face-search',
  '/event/:id/face-search/*',
  '/event/:id/consents',
)
  .post('/event/:id/participant', inScope, logs('participants'), body(ParticipantInput), async (c) =>
    ok(c, await participants.addParticipant(c.get('sql'), whoOf(c), c.get('scoped'), c.req.valid('form')), 'Participant added successfully.'),
  )
  .get('/event/:id/participants/export', inScope, async (c) => {
    // The list's own export: every column of the rows the list shows (q, stage, sort), as every list exports.
    if (c.req.query('columns') === 'all') {
      const lq = readListQuery(participants.PARTICIPANT_LIST, c.req.query());
      return listExport(c, c.get('sql'), participants.PARTICIPANT_LIST, lq, participants.participantScope(c.get('scoped').id), 'participants', exportFormat(c));
    }
    const stage = (c.req.query('stage') || 'unmatched') as ParticipantStage;
    if (!PARTICIPANT_STAGES.includes(stage)) throw new ApiError(422, 'The selected stage is invalid.', { stage: ['The selected stage is invalid.'] });
    const csv = await participants.stageCsv(c.get('sql'), c.get('scoped').id, stage);
    return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="participants-${stage}.csv"` });
  })
  .post('/event/:id/participants', inScope, logs('imports'), body(ParticipantSheetUpload), async (c) =>
    ok(
      c,
      { job_id: await participants.startParticipantImport(c.get('sql'), whoOf(c), c.get('user').id, c.get('scoped'), c.req.valid('form').file) },
      'The import has started.',
    ),
  )
  .get('/event/:id/participants', inScope, (c) =>
    cachedList(c, ['participants', 'events', 'photos', 'recognition', 'imports'], () =>
      participants.listParticipants(c.get('sql'), c.get('scoped').id, pageOf(c.req.query('page')), readListQuery(participants.PARTICIPANT_LIST, c.req.query())),
    ),
  )
  .get('/event/:id/funnel', inScope, async (c) => ok(c, await participants.funnel(c.get('sql'), c.get('scoped').id)))
  .get('/event/:id/notify-matched', inScope, async (c) => ok(c, await participants.notifyPreview(c.get('sql'), c.get('scoped'))))
  .post('/event/:id/notify-matched', inScope, logs('participants'), async (c) => {
    const sent = await participants.notifyMatched(c.get('sql'), whoOf(c), c.get('scoped'), c.get('config').publicUrl);
    if (sent) c.get('mailer').wake();
    return ok(c, { sent }, participants.notifiedMessage(sent));
  })
  .get('/event/:id/face-search', inScope, async (c) => ok(c, await faceSearch.settingsOf(c.get('sql'), c.get('scoped'))))
  .put('/event/:id/face-search', inScope, logs('participants'), body(FaceSearchInput), async (c) =>
    ok(c, await faceSearch.saveSettings(c.get('sql'), whoOf(c), c.get('scoped'), c.req.valid('form')), 'Face search settings saved.'),
  )
  .post('/event/:id/face-search/purge', inScope, logs('participants'), async (c) =>
    ok(c, await faceSearch.purge(c.get('sql'), whoOf(c), c.get('scoped'), forwarder(c), 'request'), 'Face data purged.'),
  )
  .get('/event/:id/consents', inScope, async (c) => ok(c, await faceSearch.consentsOf(c.get('sql'), c.get('scoped').id)))
  .post('/event/:id/participant/:pid/erasure', inScope, logs('participants'), async (c) => {
    const receipt = await faceSearch.eraseByOrganiser(c.get('sql'), whoOf(c), c.get('scoped'), toId(c.req.param('pid')), forwarder(c));
    c.get('mailer').wake();
    return ok(c, receipt, 'Erasure recorded.');
  });

/** Counts one gallery call of the client's address against GALLERY_LIMIT; 429 with Retry-After beyond it. */
async function galleryThrottle(c: Context<AppEnv>): Promise<void> {
  const [hit] = await takeHits(c.get('sql'), [
    { key: `gallery:ip:${addressKey(clientAddress(c, c.get('config').trustProxy))}`, limit: GALLERY_LIMIT.perAddress, windowMs: GALLERY_LIMIT.windowMs },
  ]);
  if (hit.state !== 'granted') {
    const seconds = Math.max(1, Math.ceil(hit.retryMs / 1000));
    c.header('Retry-After', String(seconds));
    throw new ApiError(429, throttledMessage(seconds));
  }
}

/** The public gallery (no session): see participantRoutes. */
export const galleryRoutes = new Hono<AppEnv>()
  .get('/gallery/:token', async (c) => {
    await galleryThrottle(c);
    return ok(c, await participants.openGallery(c.get('sql'), c.req.param('token')));
  })
  .post(
    '/gallery/:token/download',
    logs('participants'),
    async (c, next) => {
      await galleryThrottle(c);
      return next();
    },
    body(GalleryDownloadInput),
    async (c) => ok(c, await participants.downloadPhoto(c.get('sql'), whoOf(c), c.req.param('token'), c.req.valid('form').photo_id), 'Download ready.'),
  )
  .post('/gallery/:token/downloads', logs('participants'), async (c) => {
    await galleryThrottle(c);
    return ok(c, await participants.downloadAll(c.get('sql'), whoOf(c), c.req.param('token')), 'Downloads ready.');
  })
  .post('/gallery/:token/consent', logs('participants'), async (c) => {
    await galleryThrottle(c);
    return ok(c, await faceSearch.consentFromGallery(c.get('sql'), whoOf(c), c.req.param('token')), 'Thank you: face search is on for you.');
  })
  .get('/gallery/:token/face-search', async (c) => {
    await galleryThrottle(c);
    return ok(c, await faceSearch.searchFromGallery(c.get('sql'), c.req.param('token')));
  })
  .post('/gallery/:token/withdrawal', logs('participants'), async (c) => {
    await galleryThrottle(c);
    const answer = await faceSearch.withdrawFromGallery(c.get('sql'), whoOf(c), c.req.param('token'));
    c.get('mailer').wake();
    return ok(c, answer, 'Your consent is withdrawn.');
  })
  .post('/gallery/:token/erasure', logs('participants'), async (c) => {
    await galleryThrottle(c);
    const receipt = await faceSearch.eraseFromGallery(c.get('sql'), whoOf(c), c.req.param('token'), forwarder(c));
    c.get('mailer').wake();
    return ok(c, receipt, 'Your face data is erased.');
  });
