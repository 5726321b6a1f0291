import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as fsp from 'node:fs/promises';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApi, testEngine, type TestApi } from './harness.ts';
import { diskStore, type DiskFs } from '../../server/lib/files/disk-store.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';

// A full disk: a file write that meets ENOSPC (injected at the disk store's file-system
// layer: half the bytes land, then the write fails, as on a disk that fills up mid-write) answers
// 503 with Retry-After and a plain message, leaves no file (not even a partial one) and no row,
// and the health probe says "failing" and leaves no probe file. Once space is back, all works.

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const dir = mkdtempSync(path.join(tmpdir(), 'disk-full-'));
let full = false;
const faultyFs: DiskFs = {
  ...fsp,
  writeFile: (async (file: string, data: Buffer | string) => {
    if (!full) return fsp.writeFile(file, data);
    await fsp.writeFile(file, typeof data === 'string' ? data.slice(0, data.length >> 1) : data.subarray(0, data.length >> 1));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }) as DiskFs['writeFile'],
};
/** Every file under the store's folder, temporary and probe files included. */
const filesOnDisk = () => {
  const root = path.join(dir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
};

let api: TestApi;
let org: TestOrganiser;
test.before(async () => {
  api = await startTestApi({ files: diskStore(dir, faultyFs) });
  org = await makeOrganiser(api, 'Full');
});
test.after(async () => {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
});

const newEvent = (title: string) =>
  api.call('POST', 'event', {
    token: org.token,
    form: {
      title,
      description: 'x',
      start_date: '2031-01-01',
      end_date: '2031-01-02',
      organizer_id: String(org.companyId),
      event_logo: PNG,
    },
  });

test(`[${testEngine}] an upload that meets ENOSPC answers 503 with Retry-After, leaves no file and no row`, async () => {
  full = true;
  const r = await newEvent('Disk full event');
  assert.is(r.status, 503, JSON.stringify(r.body));
  assert.is(r.body.status, 'server_error');
  assert.is(r.body.message, 'Files cannot be stored right now. Nothing was saved; please try again later.');
  assert.ok(Number(r.headers.get('retry-after')) > 0, 'Retry-After is set');
  assert.equal(filesOnDisk(), [], 'no file, not even a partial or temporary one');
  assert.is(Number((await api.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM events WHERE title = ?', ['Disk full event']))!.n), 0);

  full = false;
  const again = await newEvent('Disk full event');
  assert.is(again.status, 200, 'once there is space the same upload works');
  assert.is(filesOnDisk().length, 1);
});

test(`[${testEngine}] the health probe on a full disk says failing, answers 503 and leaves no probe file`, async () => {
  const before = filesOnDisk();
  full = true;
  const h = await api.call('GET', 'health');
  full = false;
  assert.is(h.status, 503);
  assert.match(h.body.data.storage, /^failing: /);
  assert.equal(filesOnDisk(), before, 'no probe file left behind');
  const ok = await api.call('GET', 'health');
  assert.is(ok.status, 200);
  assert.equal(filesOnDisk(), before);
});

test.run();
