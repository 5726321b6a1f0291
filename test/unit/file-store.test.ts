import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { diskStore } from '../../server/lib/files/disk-store.ts';
import { databaseStore } from '../../server/lib/files/database-store.ts';
import { keyOfUrl, type FileStore } from '../../server/lib/files/file-store.ts';
import { openDatabase } from '../../server/db/index.ts';
import type { Sql } from '../../server/db/sql.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'file-store-'));
let sql: Sql;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

test.before(async () => {
  sql = await openDatabase(path.join(dir, 'db'));
});
test.after(async () => {
  await sql.close();
  rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['disk', () => diskStore(path.join(dir, 'disk'))],
  ['database', () => databaseStore(sql)],
];

for (const [name, make] of stores) {
  test(`${name} store gives back exactly the bytes put, and nothing once removed`, async () => {
    const store = make();
    await store.put('events/a1.png', PNG);
    assert.ok((await store.get('events/a1.png'))!.equals(PNG));
    assert.ok(await store.has('events/a1.png'));
    await store.put('events/a1.png', Buffer.concat([PNG, PNG]));
    assert.is((await store.get('events/a1.png'))!.length, PNG.length * 2);
    await store.remove(['events/a1.png', 'events/never-there.png']);
    assert.is(await store.get('events/a1.png'), undefined);
    assert.not.ok(await store.has('events/a1.png'));
  });

  test(`${name} store refuses keys that could leave its folder`, async () => {
    const store = make();
    for (const key of ['../app.db', 'events/../../x.png', '/etc/passwd', 'events/a.svg']) {
      assert.is(await store.get(key), undefined, key);
      try {
        await store.put(key, PNG);
        assert.unreachable(key);
      } catch (e) {
        assert.match(String(e), /bad key/);
      }
    }
  });

  test(`${name} store probe writes and leaves nothing behind`, async () => {
    const store = make();
    await store.probe();
    if (name === 'disk')
      assert.equal(
        readdirSync(path.join(dir, 'disk', 'uploads')).filter((f) => f.startsWith('.probe')),
        [],
      );
    else assert.is(Number((await sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM stored_files WHERE key LIKE 'health/%'"))!.n), 0);
  });
}

test('keyOfUrl accepts only /uploads/ URLs of stored images', () => {
  assert.is(keyOfUrl('/uploads/templates/x-1.webp'), 'templates/x-1.webp');
  assert.is(keyOfUrl(''), null);
  assert.is(keyOfUrl('https://cdn.example.com/uploads/a/b.png'), null);
  assert.is(keyOfUrl('/uploads/../app.db'), null);
});

test.run();
