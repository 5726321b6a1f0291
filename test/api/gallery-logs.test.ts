import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { testEngine } from './harness.ts';
import { apiCall, spawnServer, type ChildServer } from './child-server.ts';
import { stopStorage } from './stop-storage.ts';
import { openDatabase } from '../../server/db/index.ts';
import { getEvent } from '../../server/db/queries/events.ts';
import { insertPhotoRows } from '../../server/db/queries/demo-organiser.ts';
import { addParticipant, notifyMatched } from '../../server/services/participants.ts';
import { saveSettings } from '../../server/services/face-search.ts';

// A gallery link's token opens the participant's gallery, consent and erasure: whoever reads the
// logs must not be able to use one (docs/security.md "Reset links, invitations and e-mail"). A
// child API process with its request log and metrics on, on the harness engine; everything it
// prints and its metrics are searched.

const WHO = { id: null, name: 'Test setup', role: '', organiserId: null, ip: '', userAgent: '', logs: false };

/** An event offering face search by consent, one participant with an e-mail and a photo of their BIB, and their gallery link's token. */
async function galleryToken(s: Awaited<ReturnType<typeof stopStorage>>): Promise<string> {
  const { eventId } = await s.event('Logs');
  const sql = await openDatabase(s.dataDir, s.db?.url);
  try {
    const event = (await getEvent(sql, eventId))!;
    await saveSettings(sql, WHO, event, { mode: 'consent', retention_days: '', consent_version: 'v1' });
    await addParticipant(sql, WHO, event, { bib_number: '501', name: 'Runner 501', email: 'r501@example.com', face_consent: 'no', consent_date: '' });
    await insertPhotoRows(sql, [[eventId, '501', 'https://photos.example.com/501-low.jpg', 'https://photos.example.com/501-high.jpg', 1, '0', 'portrait']]);
    assert.is(await notifyMatched(sql, WHO, event, 'http://console.example.com'), 1);
    const mail = await sql.get<{ body_text: string }>("SELECT body_text FROM outbox WHERE kind = 'gallery'");
    return /\/gallery\/([A-Za-z0-9_-]{43})/.exec(mail!.body_text)![1];
  } finally {
    await sql.close();
  }
}

/** Renames a table the gallery reads, straight in the database, so that the next gallery call fails and is logged as an error. */
async function breakGallery(s: Awaited<ReturnType<typeof stopStorage>>) {
  const rename = 'ALTER TABLE face_search_settings RENAME TO face_search_settings_gone';
  if (s.db) {
    const c = new pg.Client({ connectionString: s.db.url });
    await c.connect();
    try {
      await c.query(rename);
    } finally {
      await c.end();
    }
    return;
  }
  const d = new Database(path.join(s.dataDir, 'app.db'), { timeout: 5000 });
  try {
    d.exec(rename);
  } finally {
    d.close();
  }
}

test(`[${testEngine}] after a participant opens the gallery, consents, searches and erases, neither the request log, the error log nor the metrics hold their gallery token: only its first 4 characters`, async () => {
  const s = await stopStorage();
  let server: ChildServer | undefined;
  try {
    const token = await galleryToken(s);
    server = await spawnServer({ ...s.env, LOG_REQUESTS: '1', METRICS: '1', METRICS_PORT: '0' });
    const url = server.url;
    const page = await fetch(`${url}/gallery/${token}`);
    await page.arrayBuffer();
    assert.is((await apiCall(url, 'GET', `gallery/${token}`)).status, 200);
    assert.is((await apiCall(url, 'POST', `gallery/${token}/consent`)).status, 200);
    assert.is((await apiCall(url, 'GET', `gallery/${token}/face-search`)).status, 200);
    assert.is((await apiCall(url, 'POST', `gallery/${token}/erasure`)).status, 200);
    await apiCall(url, 'POST', `gallery/${token}/consent`);
    await breakGallery(s);
    assert.is((await apiCall(url, 'GET', `gallery/${token}`)).status, 500);
    const metricsUrl = /"metrics_url":"([^"]+)"/.exec(server.output())![1];
    const metrics = await (await fetch(metricsUrl)).text();
    await server.stop(); // every line is out once the process has exited

    const out = server.output();
    const kept = `${token.slice(0, 4)}…`;
    for (const [where, text] of [
      ['the output', out],
      ['the metrics', metrics],
    ]) {
      assert.not.ok(text.includes(token.slice(0, 8)), `${where} hold no more of the token than its first 4 characters`);
      assert.not.ok(text.includes(token.slice(4)), `${where} hold no later part of the token`);
    }
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    const requests = lines.filter((l) => l.msg === 'request').map((l) => `${l.method} ${l.path} ${l.status}`);
    for (const r of [
      `GET /gallery/${kept} 200`,
      `GET /api/gallery/${kept} 200`,
      `POST /api/gallery/${kept}/consent 200`,
      `GET /api/gallery/${kept}/face-search 200`,
      `POST /api/gallery/${kept}/erasure 200`,
      `GET /api/gallery/${kept} 500`,
    ]) {
      assert.ok(requests.includes(r), `the request log has "${r}": ${requests.join(' | ')}`);
    }
    const error = lines.find((l) => l.level === 'error');
    assert.ok(error, 'the failed call is logged as an error');
    assert.is(error.path, `/api/gallery/${kept}`);
    assert.match(metrics, 'route="/api/gallery/:token/consent"', 'metrics count gallery calls by their route pattern');
  } finally {
    await server?.kill();
    await s.dispose();
  }
});

test.run();
