import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeImage, removeStoredImage, storeImage, IMAGE_MAX_BYTES } from '../../server/lib/files/images.ts';
import { Invalid } from '../../server/runtime/domain-errors.ts';
import { statusOf } from '../../server/http/error-envelope.ts';
import { diskStore } from '../../server/lib/files/disk-store.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const url = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString('base64')}`;
const fieldError = (fn: () => unknown, field: string): string => {
  try {
    fn();
  } catch (e) {
    assert.instance(e, Invalid);
    assert.is(statusOf(e as Invalid), 422);
    return (e as Invalid).errors[field][0];
  }
  throw new Error('expected a 422');
};

test('decodeImage treats missing, empty and a single space as no image', () => {
  assert.is(decodeImage(undefined, 'logo'), null);
  assert.is(decodeImage('', 'logo'), null);
  assert.is(decodeImage(' ', 'logo'), null);
});

test('decodeImage recognises PNG by content whatever type is declared', () => {
  assert.is(decodeImage(url('image/jpeg', PNG), 'logo')!.ext, 'png');
});

test('decodeImage recognises JPEG and WebP magic bytes', () => {
  assert.is(decodeImage(url('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2])), 'logo')!.ext, 'jpg');
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
  assert.is(decodeImage(url('image/webp', webp), 'logo')!.ext, 'webp');
});

test('decodeImage refuses a GIF or text dressed as a PNG, naming the field', () => {
  assert.match(
    fieldError(() => decodeImage(url('image/png', Buffer.from('GIF89a....')), 'event_logo'), 'event_logo'),
    /PNG, JPEG or WebP/,
  );
  assert.match(
    fieldError(() => decodeImage('hello', 'event_logo'), 'event_logo'),
    /data URL/,
  );
});

test('decodeImage refuses more than 2 MB', () => {
  const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
  assert.match(
    fieldError(() => decodeImage(url('image/png', big), 'logo'), 'logo'),
    /2 MB/,
  );
});

test('storeImage writes under uploads/<folder> and removeStoredImage deletes it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'img-'));
  try {
    const u = await storeImage(diskStore(dir), decodeImage(url('image/png', PNG), 'logo')!, 'events');
    assert.match(u, /^\/uploads\/events\/[\w-]+\.png$/);
    const file = path.join(dir, u);
    assert.ok(readFileSync(file).equals(PNG));
    await removeStoredImage(diskStore(dir), u, '', 'https://cdn.example.com/x.png');
    assert.not.ok(existsSync(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
