import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clearSession, personal, readStored, storeSession, syncSignedInCookie } from '../../src/lib/storage.ts';
import { signedInCookie, signedInFromCookie } from '../../src/common/signed-in-cookie.ts';
import { clearDraft, readDraft, writeDraft } from '../../src/features/campaigns/campaign-draft.ts';
import type { CampaignForm } from '../../src/features/campaigns/campaign-form-state.ts';

/** Personal values in browser storage (Build 8): keyed by the signed-in user, gone with the session. */
test.before.each(() => resetDom());

const keys = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i)!);
const form = (title: string) => ({ title, location: 'Park' }) as unknown as CampaignForm;

test('a draft is kept per signed-in user next to the session and never read by another user', () => {
  storeSession({ token: 't1', role: 'company', companyid: 3, id: 7 }, false);
  writeDraft('3', 1, null, form('Mine'));
  assert.equal(
    keys(sessionStorage).filter((k) => k.includes('draft')),
    ['user:7:campaign-draft:3:1:new'],
  );
  assert.equal(keys(localStorage), []);
  assert.is(readDraft('3', 1, null)?.title, 'Mine');
  // Another user on the same browser (the admin opening the same organiser's event).
  sessionStorage.setItem('user_id', '1');
  assert.is(readDraft('3', 1, null), null);
  sessionStorage.setItem('user_id', '7');
  clearDraft('3', 1, null);
  assert.is(readDraft('3', 1, null), null);
});

test('with Remember Me drafts sit in localStorage; without a known user nothing is kept', () => {
  storeSession({ token: 't1', role: 'admin', id: 1 }, true);
  writeDraft('3', 1, 5, form('Remembered'));
  assert.ok(keys(localStorage).includes('user:1:campaign-draft:3:1:5'));
  localStorage.removeItem('user_id');
  assert.is(personal.key('x'), null);
  writeDraft('3', 1, 6, form('Nobody'));
  assert.not.ok(keys(localStorage).some((k) => k.includes(':6')));
});

test('sign-out removes the session, every personal value of any user and the unkeyed drafts and job ids of older versions', () => {
  storeSession({ token: 't1', role: 'company', companyid: 3, id: 7 }, true);
  writeDraft('3', 1, null, form('Secret'));
  personal.set('import-job:users', '12');
  localStorage.setItem('user:9:template-draft:3:1:2', '{}');
  sessionStorage.setItem('user:9:import-job:photos:1', '4');
  localStorage.setItem('campaign-draft:3:1:new', '{"title":"old"}');
  localStorage.setItem('template-draft:3:1:2', '{}');
  localStorage.setItem('import-job:photos:1', '5');
  localStorage.setItem('theme', 'dark');
  clearSession();
  assert.equal(keys(localStorage), ['theme'], 'a device preference stays; nothing personal does');
  assert.equal(keys(sessionStorage), []);
  assert.is(readStored('token'), null);
});

test('a new sign-in starts clean: what an ended session left is removed first', () => {
  localStorage.setItem('user:7:campaign-draft:3:1:new', '{"title":"left"}');
  storeSession({ token: 't2', role: 'admin', id: 1 }, false);
  assert.equal(keys(localStorage), []);
  assert.equal(keys(sessionStorage).sort(), ['token', 'user_id', 'user_role']);
});

/** Every `document.cookie` assignment made while `run` runs (they still reach the real cookie jar). */
function cookieWrites(run: () => void): string[] {
  let owner = Object.getPrototypeOf(document);
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
  const real = Object.getOwnPropertyDescriptor(owner, 'cookie')!;
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => real.get!.call(document),
    set: (v: string) => {
      writes.push(v);
      real.set!.call(document, v);
    },
  });
  try {
    run();
  } finally {
    delete (document as { cookie?: string }).cookie;
  }
  return writes;
}
const signedIn = () => signedInFromCookie(document.cookie);

test('the signed_in hint the server reads follows the session: 30 days with Remember Me, the browser session without, gone at sign-out', () => {
  const remembered = cookieWrites(() => storeSession({ token: 't1', role: 'admin', id: 1 }, true));
  assert.is(remembered.at(-1), 'signed_in=1; Path=/; SameSite=Lax; Max-Age=2592000');
  assert.ok(signedIn());
  const tab = cookieWrites(() => storeSession({ token: 't2', role: 'admin', id: 1 }, false));
  assert.is(tab.at(-1), 'signed_in=1; Path=/; SameSite=Lax', 'no Max-Age: it ends with the browser');
  assert.ok(signedIn());
  clearSession();
  assert.not.ok(signedIn(), 'sign-out (or a 401) removes it');
});

test('at start the hint is put right: a session kept before the hint existed gets it, a hint without a session goes, an agreeing one is left alone', () => {
  localStorage.setItem('token', 'old');
  syncSignedInCookie();
  assert.ok(signedIn());
  assert.equal(
    cookieWrites(() => syncSignedInCookie()),
    [],
    'nothing to write',
  );
  localStorage.removeItem('token');
  syncSignedInCookie();
  assert.not.ok(signedIn());
  assert.not.ok(signedInFromCookie('signed_in=0'));
  assert.not.ok(signedInFromCookie('not_signed_in=1'));
  assert.ok(signedInFromCookie('theme=dark; signed_in=1'));
  assert.is(signedInCookie('remembered', true), 'signed_in=1; Path=/; SameSite=Lax; Secure; Max-Age=2592000');
});

test.run();
