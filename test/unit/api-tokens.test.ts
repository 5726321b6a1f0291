import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API_SCOPES, scopeList, scopeOfCall } from '../../src/common/api-tokens.ts';

const scope = (m: string, p: string) => {
  const s = scopeOfCall(m, p);
  return s.kind === 'scope' ? s.scope : s.kind;
};

test('API_SCOPES are read and write per declared resource; activity is read-only', () => {
  assert.ok(API_SCOPES.includes('events:read') && API_SCOPES.includes('events:write'));
  assert.ok(API_SCOPES.includes('activity:read'));
  assert.not.ok(API_SCOPES.includes('activity:write'));
  assert.not.ok(API_SCOPES.some((s) => s.startsWith('api_tokens:') || s.startsWith('session:')));
});

test('scopeOfCall picks the longest declared path: participants under an event, bookings under organiser', () => {
  assert.is(scope('GET', '/api/event'), 'events:read');
  assert.is(scope('PUT', '/api/event/12'), 'events:write');
  assert.is(scope('GET', '/api/event/12/participants'), 'participants:read');
  assert.is(scope('POST', '/api/event/12/participant/3/erasure'), 'participants:write');
  assert.is(scope('GET', '/api/organiser/bookings'), 'bookings:read');
  assert.is(scope('GET', '/api/organiser/7'), 'organisers:read');
  assert.is(scope('HEAD', '/api/settings/company'), 'settings:read');
  assert.is(scope('GET', '/api/events'), 'none', 'a prefix stands for whole segments only');
});

test('scopeOfCall: tokens, webhooks, passwords, two-step, sessions, passkeys and SMTP settings are never open', () => {
  for (const [m, p] of [
    ['GET', '/api/tokens'],
    ['DELETE', '/api/tokens/3'],
    ['POST', '/api/webhooks'],
    ['GET', '/api/organiser/4/webhooks'],
    ['PUT', '/api/account/password'],
    ['POST', '/api/password/reset'],
    ['POST', '/api/user/5/two-step/reset'],
    ['GET', '/api/account/sessions'],
    ['DELETE', '/api/account/passkeys/2'],
    ['GET', '/api/settings/email/outbox'],
    ['PUT', '/api/emailsettings'],
  ])
    assert.is(scope(m, p), 'never', `${m} ${p}`);
  assert.is(scope('PUT', '/api/settings'), 'none', 'both settings tabs at once: no scope');
  assert.is(scope('GET', '/api/account'), 'none');
});

test('scopeList keeps known scopes once, in declaration order', () => {
  assert.equal(scopeList('events:write, events:read events:read nope'), ['events:read', 'events:write']);
});

test.run();
