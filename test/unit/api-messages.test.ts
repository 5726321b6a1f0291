import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiMessageOf, localiseApiMessage } from '../../src/common/i18n/api-messages.ts';
import { CATALOGS, en } from '../../src/common/i18n/catalogs/index.ts';
import { throttledMessage as loginThrottled } from '../../server/lib/auth/sign-in-throttle.ts';
import { throttledMessage } from '../../server/lib/auth/link-throttle.ts';
import { INACTIVE_ORGANISER } from '../../server/lib/auth/session-cache.ts';
import { faceDataErased, faceSearchClosed } from '../../src/common/contract/rules.ts';
import { GALLERY_SOLD } from '../../src/common/contract/participants.ts';
import { NO_CONSENT_TO_WITHDRAW } from '../../src/common/face-consent.ts';
import { TWO_STEP_REQUIRED } from '../../src/common/two-step.ts';
import { TIME_ZONE_MESSAGE } from '../../src/common/time-zone.ts';
import { bibTakenMessage } from '../../src/common/participant-sheet.ts';

// The API's refusals said again in the caller's language with a stable code (docs/languages.md
// "API messages"): each English text the server words is recognised by its catalog pattern,
// plurals included, and said in French, Spanish and Arabic with the same values.
const say = (locale: 'fr' | 'es' | 'ar', text: string) => localiseApiMessage(en, locale, CATALOGS[locale], text);

test("the server's own words are recognised, each with its code", () => {
  const cases: [string, string][] = [
    [loginThrottled(42), 'error.loginThrottledSeconds'],
    [loginThrottled(1), 'error.loginThrottledSeconds'],
    [loginThrottled(900), 'error.loginThrottledMinutes'],
    [throttledMessage(60), 'error.throttled'],
    [throttledMessage(600), 'error.throttled'],
    [INACTIVE_ORGANISER, 'error.inactiveOrganiser'],
    [TWO_STEP_REQUIRED, 'error.twoStepRequired'],
    [GALLERY_SOLD, 'error.gallerySold'],
    [faceSearchClosed('2026-06-01'), 'error.faceSearchClosed'],
    [faceDataErased('2026-06-01'), 'error.faceDataErased'],
    [NO_CONSENT_TO_WITHDRAW, 'error.noConsentToWithdraw'],
    [TIME_ZONE_MESSAGE, 'validation.timeZone'],
    [bibTakenMessage('101'), 'validation.bibTaken'],
    ['Unauthenticated.', 'error.unauthenticated'],
    ['CSRF token mismatch.', 'error.xsrf'],
  ];
  for (const [text, code] of cases) assert.is(apiMessageOf(en, text)?.code, code, text);
});

test('a plural is said with the count in each language’s own plural form', () => {
  assert.equal(apiMessageOf(en, loginThrottled(42)), { code: 'error.loginThrottledSeconds', values: { count: 42 } });
  assert.is(say('fr', loginThrottled(1)).text, 'Trop de tentatives de connexion. Réessayez dans 1 seconde.');
  assert.is(say('fr', loginThrottled(42)).text, 'Trop de tentatives de connexion. Réessayez dans 42 secondes.');
  assert.is(say('es', throttledMessage(600)).text, 'Demasiadas solicitudes. Vuelva a intentarlo en 10 minutos.');
  assert.is(say('ar', throttledMessage(120)).text, 'طلبات كثيرة جدًا. حاول مرة أخرى بعد دقيقتين.');
  assert.is(say('ar', throttledMessage(180)).text, 'طلبات كثيرة جدًا. حاول مرة أخرى بعد 3 دقائق.');
});

test("the gallery's refusals reach the participant in their language, the values kept", () => {
  assert.equal(say('fr', faceSearchClosed('2026-06-01')), { text: 'Recherche par visage fermée le 2026-06-01.', code: 'error.faceSearchClosed' });
  assert.is(say('es', GALLERY_SOLD).text, 'Las fotos de este evento están a la venta: cómprelas en la aplicación del evento.');
  assert.is(say('fr', bibTakenMessage('A-7')).text, 'Le dossard A-7 est déjà un participant de cet événement.');
});

test('a text no pattern matches keeps its English and has no code', () => {
  assert.equal(say('fr', 'Something else entirely.'), { text: 'Something else entirely.', code: null });
  assert.is(apiMessageOf(en, 'Too many login attempts. Please try again in soon.'), null);
  assert.is(apiMessageOf(en, `${'x'.repeat(2001)}`), null);
});

test.run();
