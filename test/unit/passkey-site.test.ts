import { test } from 'uvu';
import { CATALOGS } from '../../src/common/i18n/catalogs/index.ts';
import { formatMessage } from '../../src/common/i18n/message-format.ts';
import type { Locale } from '../../src/common/i18n/locales.ts';
import * as assert from 'uvu/assert';
import { hostUnder, isIpAddress, passkeyPageProblem, passkeySiteProblem, passkeySiteWords } from '../../src/common/passkey-site.ts';
import { relyingParty } from '../../server/lib/auth/passkey-site.ts';

/** The sentences' words in `locale`, as the console's t and the server's log say them. */
const say = (locale: Locale) => (key: keyof (typeof CATALOGS)['en'], values?: Record<string, string>) => formatMessage(locale, CATALOGS[locale][key], values);

// Where passkeys can work (src/common/passkey-site.ts): the rule the API's start warning and the
// console's Passkeys card and sign-in page share.
const LOCAL = { id: 'localhost', origin: 'http://localhost:8080' };
const PROD = { id: 'events.example.com', origin: 'https://console.events.example.com' };

test('IP addresses are told apart from host names', () => {
  for (const ip of ['127.0.0.1', '10.0.0.7', '[::1]', '::1', '[2001:db8::1]']) assert.ok(isIpAddress(ip), ip);
  for (const name of ['localhost', 'events.example.com', '1password.example', 'a.b.c.d']) assert.not.ok(isIpAddress(name), name);
});

test('a host carries passkeys of the relying party it equals or is a subdomain of', () => {
  assert.ok(hostUnder('events.example.com', 'events.example.com'));
  assert.ok(hostUnder('Console.Events.example.com.', 'events.example.com'));
  assert.not.ok(hostUnder('notevents.example.com', 'events.example.com'), 'a suffix is not a subdomain');
  assert.not.ok(hostUnder('example.com', 'events.example.com'), 'a parent is not under its child');
  assert.not.ok(hostUnder('localhost', ''));
});

test('the printed address http://localhost:PORT carries passkeys; 127.0.0.1 and other hosts do not', () => {
  assert.is(passkeyPageProblem('http://localhost:8080/admin/account', LOCAL), null);
  assert.is(passkeyPageProblem('http://127.0.0.1:8080/admin/account', LOCAL), 'ip');
  assert.is(passkeyPageProblem('http://[::1]:8080/login', LOCAL), 'ip');
  assert.is(passkeyPageProblem('http://my-laptop:8080/login', LOCAL), 'other-host');
  assert.is(passkeyPageProblem('http://localhost:5173/login', LOCAL), 'other-origin', 'another port: the API refuses the answer');
  assert.is(passkeyPageProblem('https://console.events.example.com/login', PROD), null);
  assert.is(passkeyPageProblem('https://www.events.example.com/login', PROD), 'other-origin', 'a sibling subdomain: the browser would, the API would not');
  assert.is(passkeyPageProblem('https://events.example.org/login', PROD), 'other-host');
});

test("a relying party no browser accepts is the server's problem, whatever the page", () => {
  assert.is(passkeySiteProblem({ id: '127.0.0.1', origin: 'http://127.0.0.1:8080' }), 'site-ip');
  assert.is(passkeySiteProblem({ id: 'events.example.com', origin: 'http://events.example.com' }), 'site-insecure');
  assert.is(passkeySiteProblem({ id: 'events.example.com', origin: 'https://events.example.org' }), 'site-other-host');
  assert.is(passkeySiteProblem({ id: 'app.localhost', origin: 'http://app.localhost:8080' }), null, 'http is secure on localhost');
  assert.is(passkeyPageProblem('http://127.0.0.1:8080/login', { id: '127.0.0.1', origin: 'http://127.0.0.1:8080' }), 'site-ip');
});

test('the words say why and how to fix it, with the address to open when opening it fixes it', () => {
  const ip = passkeySiteWords('ip', 'http://127.0.0.1:8080/admin/account', LOCAL, '/admin/account', say('en'));
  assert.is(ip.why, 'Passkeys do not work at 127.0.0.1: browsers refuse passkeys on an IP address.');
  assert.is(ip.fix, 'Open the console at http://localhost:8080 to add or use a passkey.');
  assert.is(ip.open, 'http://localhost:8080/admin/account');
  const server = passkeySiteWords('site-ip', 'http://127.0.0.1:8080/', { id: '127.0.0.1', origin: 'http://127.0.0.1:8080' }, '/', say('en'));
  assert.match(server.why, /its passkey site is the IP address 127\.0\.0\.1/);
  assert.match(server.fix, /PUBLIC_URL/);
  assert.is(server.open, undefined);
});

test("the words come in the reader's language, the address to open unchanged inside them", () => {
  const ip = passkeySiteWords('ip', 'http://127.0.0.1:8080/admin/account', LOCAL, '/admin/account', say('fr'));
  assert.is(ip.why, 'Les clés d’accès ne fonctionnent pas sur 127.0.0.1 : les navigateurs refusent les clés d’accès sur une adresse IP.');
  assert.is(ip.fix, 'Ouvrez la console sur http://localhost:8080 pour ajouter ou utiliser une clé d’accès.');
  assert.match(passkeySiteWords('other-host', 'https://evil.example/', LOCAL, '/', say('ar')).why, /localhost/);
});

test("the server's relying party: WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN, else the public URL's host and origin", () => {
  assert.equal(relyingParty({ publicUrl: 'http://localhost:8080' }), LOCAL);
  assert.equal(relyingParty({ publicUrl: 'https://console.events.example.com/base/' }), {
    id: 'console.events.example.com',
    origin: 'https://console.events.example.com',
  });
  assert.equal(
    relyingParty({ publicUrl: 'http://127.0.0.1:8080', webauthnRpId: 'events.example.com', webauthnOrigin: 'https://console.events.example.com/' }),
    PROD,
  );
});

test.run();
