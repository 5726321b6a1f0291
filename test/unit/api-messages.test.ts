import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API_MESSAGE_CODES } from '../../src/common/i18n/api-message-codes.ts';
import { apiMessageOf, successMessageOf } from '../../src/common/i18n/api-message-patterns.ts';
import { localiseApiMessage } from '../../src/common/i18n/api-messages.ts';
import { SUCCESS_MESSAGE_CODES } from '../../src/common/i18n/success-message-codes.ts';
import { messageArguments, parseMessage } from '../../src/common/i18n/message-format.ts';
import { invitedMessage } from '../../server/http/invitations.ts';
import { undoneMessage } from '../../server/services/import-undo.ts';
import { INTERRUPTED } from '../../server/lib/jobs/import-jobs.ts';
import { DECLARED_RECORDS, recordTexts } from '../../src/common/resources.ts';
import { ABILITY_KEYS } from '../../src/common/abilities.ts';
import { serverRefusalTexts } from '../support/server-refusals.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiEn } from '../../src/common/i18n/catalogs/api/en.ts';
import { CATALOGS, en } from '../../src/common/i18n/catalogs/index.ts';
import { throttledMessage as loginThrottled } from '../../server/lib/auth/sign-in-throttle.ts';
import { throttledMessage } from '../../server/lib/auth/link-throttle.ts';
import { INACTIVE_ORGANISER } from '../../server/lib/auth/session-cache.ts';
import { faceDataErased, faceSearchClosed } from '../../src/common/contract/rules.ts';
import { GALLERY_SOLD } from '../../src/common/contract/participants.ts';
import { NO_CONSENT_TO_WITHDRAW } from '../../src/common/face-consent.ts';
import { TWO_STEP_REQUIRED } from '../../src/common/two-step.ts';
import { TIME_ZONE_MESSAGE } from '../../src/common/time-zone.ts';
import { bibRepeatedMessage, bibTakenMessage, participantRowProblem } from '../../src/common/participant-sheet.ts';
import {
  CHALLENGE_GONE,
  CODE_JUST_USED,
  CODE_JUST_USED_CODE,
  CODE_WRONG,
  CODE_WRONG_CODE,
  confirmOwnerMessage,
  TWO_STEP_LOCKED,
  UNLOCK_LINK_MESSAGES,
} from '../../src/common/two-step.ts';
import {
  emailTakenMessage,
  extraColumnsMessage,
  missingColumnsMessage,
  NO_ROWS,
  NOT_A_SPREADSHEET,
  ORGANISER_ROLE,
  photoRowProblem,
  TOO_LARGE,
  TOO_MANY_ROWS,
  userRoleProblem,
} from '../../src/common/sheet-rules.ts';
import { PASSWORD_MESSAGE } from '../../src/common/password.ts';
import { missingScope, NOT_BY_TOKEN } from '../../server/lib/auth/api-token-auth.ts';
import { WRONG_PASSWORD_MESSAGE } from '../../server/lib/auth/confirm-owner.ts';
import { TWO_STEP_KEY_MISSING } from '../../server/lib/auth/two-step-key.ts';
import { REFUSED_WEBHOOK_ADDRESS, urlProblem } from '../../server/lib/webhooks/deliver.ts';
import { WEBHOOK_KEY_CHANGED, WEBHOOK_KEY_MISSING } from '../../server/services/webhooks.ts';
import { RowErrors } from '../../server/lib/spreadsheets/spreadsheet.ts';
import type { Invalid } from '../../server/runtime/domain-errors.ts';

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
  assert.equal(say('fr', faceSearchClosed('2026-06-01')), { text: 'Recherche par visage fermée le 1 juin 2026.', code: 'error.faceSearchClosed' });
  // The day is the reader's in English too; only the answer's fields keep YYYY-MM-DD.
  assert.equal(localiseApiMessage(en, 'en', en, faceSearchClosed('2026-06-01')), {
    text: 'Face search closed on Jun 1, 2026.',
    code: 'error.faceSearchClosed',
  });
  assert.is(
    say('es', faceDataErased('2026-12-24')).text.startsWith('Sus datos faciales se borraron el 24 dic 2026 a petición suya.'),
    true,
    say('es', faceDataErased('2026-12-24')).text,
  );
  assert.is(say('es', GALLERY_SOLD).text, 'Las fotos de este evento están a la venta: cómprelas en la aplicación del evento.');
  assert.is(say('fr', bibTakenMessage('A-7')).text, 'Le dossard A-7 est déjà un participant de cet événement.');
});

test("two-step, passkeys, API tokens and webhooks: the server's words each have a code", () => {
  const policy = { allowHosts: [], allowPrivate: false } as unknown as Parameters<typeof urlProblem>[1];
  const cases: [string | null, string][] = [
    [CODE_WRONG, 'error.codeWrong'],
    [CODE_JUST_USED, 'error.codeJustUsed'],
    [CHALLENGE_GONE, 'error.signInExpired'],
    [TWO_STEP_LOCKED, 'error.codesLocked'],
    [UNLOCK_LINK_MESSAGES.used, 'error.unlockLinkUsed'],
    [UNLOCK_LINK_MESSAGES.expired, 'error.unlockLinkExpired'],
    [UNLOCK_LINK_MESSAGES.invalid, 'error.unlockLinkInvalid'],
    [confirmOwnerMessage('passkey_add', false), 'validation.confirmOwner'],
    [confirmOwnerMessage('recovery_codes', true), 'validation.confirmOwnerWithCode'],
    [WRONG_PASSWORD_MESSAGE, 'validation.currentPasswordWrong'],
    [TWO_STEP_KEY_MISSING, 'error.twoStepKeyMissing'],
    [NOT_BY_TOKEN, 'error.notByToken'],
    [missingScope('events:write'), 'error.tokenScope'],
    [WEBHOOK_KEY_MISSING, 'error.webhookKeyMissing'],
    [WEBHOOK_KEY_CHANGED, 'error.webhookKeyChanged'],
    [REFUSED_WEBHOOK_ADDRESS, 'validation.urlRefused'],
    [urlProblem('not a url', policy), 'validation.urlInvalid'],
    [urlProblem('https://me:pw@example.com/', policy), 'validation.urlCredentials'],
    [urlProblem('http://example.com/', policy), 'validation.urlHttps'],
  ];
  for (const [text, code] of cases) assert.is(apiMessageOf(en, text ?? '')?.code, code, String(text));
  assert.is(
    say('fr', confirmOwnerMessage('totp_replace', true)).text,
    'Saisissez votre mot de passe ou un code de votre application d’authentification pour remplacer l’application d’authentification.',
  );
  assert.is(say('es', confirmOwnerMessage('passkey_add', false)).text, 'Escriba su contraseña para añadir una llave de acceso.');
  assert.match(say('ar', TWO_STEP_LOCKED).text, '10 رموز خاطئة');
  assert.is(say('fr', missingScope('events:write')).text, 'Ce jeton d’API n’a pas la portée events:write.');
});

test('roles and permissions: chosen words come back as the select branch, the most particular pattern wins', () => {
  assert.equal(apiMessageOf(en, 'The permission users.list is built in and cannot be deleted.'), {
    code: 'error.builtInPermission',
    values: { name: 'users.list', verb: 'deleted' },
  });
  assert.is(say('es', 'The permission users.list is built in and cannot be renamed.').text, 'El permiso users.list es integrado y no se puede renombrar.');
  assert.is(
    say('ar', "Only an administrator may reset an administrator's two-step sign-in.").text,
    'لا يمكن إلا لمسؤول إعادة تعيين تسجيل الدخول بخطوتين لمسؤول.',
  );
  assert.is(say('fr', 'You may not delete your own role.').code, 'error.ownRoleDelete');
  assert.is(say('fr', ORGANISER_ROLE).code, 'error.organiserUsers');
  assert.is(apiMessageOf(en, emailTakenMessage('a@b.example'))?.code, 'validation.emailTaken');
  assert.is(apiMessageOf(en, 'The email has already been taken.')?.code, 'validation.taken');
});

test("a permission refusal names its action in the reader's words, for every ability", () => {
  for (const key of ABILITY_KEYS) {
    // http/middleware/auth.ts requireAbility words ability 'users.delete' as 'delete users'.
    const action = key.split('.').reverse().join(' ');
    const text = `You do not have the permission to ${action}.`;
    assert.is(say('fr', text).code, 'error.noPermission', key);
    for (const locale of ['fr', 'es', 'ar'] as const) {
      const said = say(locale, text).text;
      assert.not.match(said, action, `${locale} ${key}: ${said}`);
      assert.ok(said.includes(CATALOGS[locale][`ability.${key}` as keyof typeof en]), `${locale} ${key}: ${said}`);
    }
  }
  assert.is(say('fr', 'You do not have the permission to delete users.').text, 'Vous n’avez pas l’autorisation de supprimer des utilisateurs.');
  assert.is(say('es', 'You do not have the permission to view activity.').text, 'No tiene permiso para ver la actividad.');
  assert.is(say('ar', 'You do not have the permission to moderate videos.').text, 'ليست لديك صلاحية الإشراف على مقاطع الفيديو.');
  assert.is(say('fr', 'You do not have the permission to fly.').text, 'Vous n’avez pas l’autorisation de fly.');
});

test("an edit lease's refusal names the holder in the reader's language; an unknown holder is its own, more particular message", () => {
  assert.equal(say('fr', 'Being edited by Anna Field.'), { text: 'En cours de modification par Anna Field.', code: 'error.leaseHeld' });
  assert.equal(say('es', 'Being edited by someone else.'), { text: 'Lo está editando otra persona.', code: 'error.leaseHeldUnknown' });
  assert.is(say('ar', 'Being edited by Anna.').text, 'قيد التعديل من قِبل Anna.');
});

test("import sheets: the file refusals and every row problem in the reader's language", () => {
  for (const [text, code] of [
    [NOT_A_SPREADSHEET, 'validation.sheetKind'],
    [TOO_LARGE, 'validation.sheetTooLarge'],
    [NO_ROWS, 'validation.sheetEmpty'],
    [TOO_MANY_ROWS, 'validation.sheetTooManyRows'],
    [missingColumnsMessage(['name']), 'validation.sheetMissingColumns'],
    [missingColumnsMessage(['name', 'email']), 'validation.sheetMissingColumns'],
    [PASSWORD_MESSAGE, 'validation.password'],
  ])
    assert.is(apiMessageOf(en, text)?.code, code, text);
  assert.is(say('fr', TOO_MANY_ROWS).text, `Le fichier ne peut pas avoir plus de ${(50000).toLocaleString('fr')} lignes.`);
  assert.is(say('es', missingColumnsMessage(['name', 'email'])).text, 'Al archivo le faltan las columnas name, email.');
  const roles = new Map([['editor', { id: 3, name: 'editor' }]]);
  const rows = new RowErrors();
  rows.add(2, participantRowProblem({ bib_number: '', name: 'A', email: '', face_consent: 'yes', consent_date: '', language: '' }) ?? '');
  rows.add(3, bibRepeatedMessage('101', 2));
  rows.add(4, ['The name field is required.', PASSWORD_MESSAGE, userRoleProblem('ghost', roles, [3]) ?? ''].join(' '));
  rows.add(5, userRoleProblem('editor', roles, []) ?? '');
  for (let r = 6; r < 30; r++) rows.add(r, bibTakenMessage(String(r)));
  let shown: string[] = [];
  try {
    rows.throwIfAny();
  } catch (err) {
    shown = (err as Invalid).errors.file;
  }
  const fr = shown.map((m) => say('fr', m));
  for (const f of fr) assert.ok(f.code === 'validation.row' || f.code === 'validation.moreRowProblems', f.text);
  assert.is(fr[0].text, 'Ligne 2 : Le champ bib number est obligatoire.');
  assert.is(fr[1].text, 'Ligne 3 : Le dossard 101 est répété dans cette feuille (d’abord à la ligne 2).');
  assert.is(
    fr[2].text,
    'Ligne 4 : Le champ name est obligatoire. Le mot de passe doit comporter au moins 8 caractères, dont un chiffre, une majuscule et une minuscule. Le rôle « ghost » n’existe pas.',
  );
  assert.is(fr[3].text, 'Ligne 5 : Vous ne pouvez pas ajouter d’utilisateurs avec le rôle editor.');
  assert.is(fr.at(-1)?.text, '…et 8 autres problèmes. Rien n’a été importé.');
  assert.is(say('ar', shown.at(-1) ?? '').text, '…و8 مشكلات أخرى. لم يُستورد شيء.');
});

/**
 * Refusals the server still words in English only, as the scan reads them ("7" for a value). The
 * list may only shrink: a new refusal gets its catalog key (src/common/i18n/catalogs/api/) and
 * code (API_MESSAGE_CODES) instead.
 */
const UNCODED: string[] = [];
/** Texts the scan reads with a value of its own making ("in 7 7." for "in 7 seconds."): checked here in their real wording. */
const SCANNED_AS = {
  'Too many test e-mails: at most 7 a minute. Please try again in 7 7.': 'Too many test e-mails: at most 5 a minute. Please try again in 1 second.',
} as Record<string, string>;

/** A message with each argument (a plural or select whole) as "7", as the scan reads a template literal: "The permission 7 is built in and cannot be 7.". */
function skeleton(message: string): string {
  let out = '';
  let depth = 0;
  for (const ch of message) {
    if (ch === '{') {
      if (depth++ === 0) out += '7';
    } else if (ch === '}') depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

test('the gate: every refusal the server words has a code (UNCODED only shrinks)', () => {
  const skeletons = new Set(API_MESSAGE_CODES.map((code) => skeleton(en[code])));
  const found = serverRefusalTexts();
  assert.ok(found.length > 150, `the scan reads the server's refusals (${found.length})`);
  const uncoded = new Set<string>();
  for (const r of found) {
    const text = SCANNED_AS[r.text] ?? r.text;
    if (!apiMessageOf(en, text) && !skeletons.has(text) && !UNCODED.includes(text)) uncoded.add(`${r.file}:${r.line} ${text}`);
  }
  assert.equal([...uncoded], [], 'refusals without a code: give each a key in catalogs/api and a code in API_MESSAGE_CODES');
  for (const text of UNCODED)
    assert.ok(
      found.some((r) => r.text === text),
      `coded or gone now: remove "${text}" from UNCODED`,
    );
  assert.is(apiMessageOf(en, 'Too many test e-mails: at most 5 a minute. Please try again in 12 seconds.')?.code, 'error.testMailThrottled');
  assert.is(
    say('es', 'Too many test e-mails: at most 5 a minute. Please try again in 12 seconds.').text,
    'Demasiados correos de prueba: como máximo 5 por minuto. Vuelva a intentarlo en 12 segundos.',
  );
});

test('the gate sees a refusal without a code: the scan reads literals, constants, template values and a NotFound noun', () => {
  const texts = serverRefusalTexts().map((r) => r.text);
  for (const t of [
    'Role not found.',
    'The 7 role cannot be renamed.',
    'The code is not right.',
    'You do not have the permission to 7.',
    'The expiry date may be at most 7 days ahead.',
  ])
    assert.ok(texts.includes(t), t);
  assert.not.ok(apiMessageOf(en, 'Being looked at by Ana.'), 'an uncoded text is told apart');
});

test("the photo sheet's row problems part by part, the http:// link's own '; ' kept whole", () => {
  const problem = photoRowProblem({ bid_number: '', low_res_image: 'http://x.example/a.jpg', high_res_image: '', orientation: 'sideways' }) ?? '';
  assert.is(
    problem,
    'bid_number is empty; low_res_image is an http:// link; photos must be https:// links (the gallery cannot show http:// images); high_res_image is empty; orientation must be portrait or landscape.',
  );
  assert.is(
    say('fr', `Row 4: ${problem}`).text,
    'Ligne 4 : bid_number est vide ; low_res_image est un lien http:// ; les photos doivent être des liens https:// (la galerie ne peut pas afficher d’images http://) ; high_res_image est vide ; orientation doit être portrait ou landscape.',
  );
  const two = photoRowProblem({ bid_number: '7', low_res_image: '', high_res_image: '', orientation: 'portrait' }) ?? '';
  assert.is(say('es', `Row 9: ${two}`).text, 'Fila 9: low_res_image está vacío; high_res_image está vacío.');
  assert.is(say('ar', `Row 9: ${two}`).text, 'الصف 9: low_res_image فارغ؛ high_res_image فارغ.');
  const extra = `${extraColumnsMessage(['price'])} Use exactly bid_number, low_res_image, high_res_image, orientation.`;
  assert.is(
    say('es', extra).text,
    'El archivo tiene columnas que la plantilla no tiene: price. Use exactamente bid_number, low_res_image, high_res_image, orientation.',
  );
  assert.is(say('es', extra).code, 'validation.sheetExtraPhotoColumns');
});

/** The console's source files: src/ but src/common/ (shared with the API) and the catalogs. */
const consoleSources = (dir = 'src'): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return p === path.join('src', 'common') ? [] : consoleSources(p);
    return /\.tsx?$/.test(d.name) ? [p] : [];
  });

test("the gate: no console file names a message only the API says (no console script carries the api area's English)", () => {
  const apiKeys = new Set(Object.keys(apiEn));
  const named: string[] = [];
  for (const f of consoleSources())
    for (const m of readFileSync(f, 'utf8').matchAll(/['"`]([a-zA-Z]+\.[\w.]+)['"`]/g)) if (apiKeys.has(m[1])) named.push(`${f}: ${m[1]}`);
  assert.equal(named, [], 'an English console would show the raw key: give the screen a key of its own area');
  assert.ok(
    consoleSources().some((f) => f.endsWith('face-search-part.tsx')),
    'the scan reads the console',
  );
});

test('a text no pattern matches keeps its English and has no code', () => {
  assert.equal(say('fr', 'Something else entirely.'), { text: 'Something else entirely.', code: null });
  assert.is(apiMessageOf(en, 'Too many login attempts. Please try again in soon.'), null);
  assert.is(apiMessageOf(en, `${'x'.repeat(2001)}`), null);
});

// Success messages (a 2xx answer's `message`, an import job's words) are coded API messages too.
test('every success code has all four languages, each parsing, with the same arguments as English', () => {
  assert.ok(SUCCESS_MESSAGE_CODES.length >= 70, 'the success messages are listed');
  for (const code of SUCCESS_MESSAGE_CODES) {
    assert.ok((API_MESSAGE_CODES as readonly string[]).includes(code), `${code} is an API message code`);
    for (const locale of ['en', 'fr', 'es', 'ar'] as const) {
      const text = CATALOGS[locale][code];
      assert.type(text, 'string', `${locale} ${code}`);
      assert.ok(text.trim() !== '', `${locale} ${code} is not empty`);
      parseMessage(text);
      assert.equal(messageArguments(text), messageArguments(en[code]), `${locale} ${code} has English's arguments`);
      if (locale !== 'en') assert.is.not(text, en[code], `${locale} ${code} is translated`);
    }
  }
});

/** Every single-quoted sentence a server file passes as a success answer's message (`ok(c, …, '…')`) or names "successfully". */
function serverSuccessTexts(): { file: string; text: string }[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
  const out: { file: string; text: string }[] = [];
  for (const file of files('server')) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/ok\(\s*c,[^;]*?,\s*'((?:[^'\\\n]|\\.)+)'\s*,?\s*\)/g)) if (/^[A-Z].* .*[.!]$/.test(m[1])) out.push({ file, text: m[1] });
    for (const m of src.matchAll(/'([^'\n]*[Ss]uccessfully[^'\n]*)'/g)) out.push({ file, text: m[1] });
  }
  return out;
}
/** Success sentences still said in English only, with no code; may only shrink. */
const UNCODED_SUCCESS: string[] = [];

test("the gate: the server's success sentences each have a success code (UNCODED_SUCCESS only shrinks)", () => {
  const found = serverSuccessTexts();
  assert.ok(found.length > 60, `the scan reads the server's success messages (${found.length})`);
  const uncoded = found.filter((f) => !successMessageOf(en, f.text) && !UNCODED_SUCCESS.includes(f.text)).map((f) => `${f.file}: ${f.text}`);
  assert.equal(uncoded, [], 'success messages without a code: give each a key in catalogs/api/success and a code in SUCCESS_MESSAGE_CODES');
  for (const text of UNCODED_SUCCESS)
    assert.ok(
      found.some((f) => f.text === text),
      `coded or gone now: remove "${text}" from UNCODED_SUCCESS`,
    );
});

test("success messages with values: the server's own wording is recognised and said with the reader's plural rules", () => {
  const sayOk = (locale: 'fr' | 'es' | 'ar', text: string) => {
    const found = successMessageOf(en, text);
    assert.ok(found, text);
    return localiseApiMessage(en, locale, CATALOGS[locale], text);
  };
  assert.equal(successMessageOf(en, invitedMessage('User', 'ann@example.org')), { code: 'success.userInvited', values: { email: 'ann@example.org' } });
  assert.is(successMessageOf(en, invitedMessage('Organizer', 'o@example.org'))?.code, 'success.organiserInvited');
  assert.is(
    sayOk('es', invitedMessage('User', 'ann@example.org')).text,
    'Usuario creado correctamente. Se enviará una invitación por correo electrónico a ann@example.org.',
  );
  // The users import's words, `${n} user${n === 1 ? '' : 's'} imported successfully.` (services/users.ts).
  const imported = (n: number) => `${n} user${n === 1 ? '' : 's'} imported successfully.`;
  assert.is(sayOk('fr', imported(1)).text, '1 utilisateur importé avec succès.');
  assert.is(sayOk('fr', imported(3)).text, '3 utilisateurs importés avec succès.');
  assert.is(sayOk('ar', imported(2)).text, 'تم استيراد مستخدمَين بنجاح.');
  assert.is(sayOk('ar', imported(11)).text, 'تم استيراد 11 مستخدمًا بنجاح.');
  assert.is(sayOk('es', undoneMessage('photos', 1)).text, 'Importación deshecha: 1 foto quitada.');
  assert.is(sayOk('fr', undoneMessage('users', 1234)).text, `Importation annulée : ${new Intl.NumberFormat('fr').format(1234)} utilisateurs retirés.`);
  assert.is(successMessageOf(en, undoneMessage('users', 1234))?.values.count, 1234);
  assert.is(sayOk('es', '12 records deleted.').text, '12 registros eliminados.');
  assert.is(sayOk('fr', INTERRUPTED).code, 'error.importInterrupted');
  // Fixed sentences come from a map; an unknown or empty text has no code.
  assert.equal(successMessageOf(en, 'Role created successfully.'), { code: 'success.roleCreated', values: {} });
  assert.is(successMessageOf(en, ''), null);
  assert.is(successMessageOf(en, 'Created'), null);
  assert.is(successMessageOf(en, 'Role created successfully'), null);
});

test("sentences joined into one message (a password change or sessions signed out, then the passkeys' note) are one code each", () => {
  const note = ' Your passkey still signs in without a password: remove any you do not recognise.';
  const notes = ' Your 3 passkeys still sign in without a password: remove any you do not recognise.';
  assert.equal(successMessageOf(en, `Your password was changed.${note}`), { code: 'success.passwordChangedPasskeys', values: { count: 1 } });
  assert.equal(successMessageOf(en, `1 other session was signed out.${notes}`), {
    code: 'success.otherSessionsOutPasskeys',
    values: { count: 1, passkeys: 3 },
  });
  assert.is(successMessageOf(en, 'Your password was changed. Your other sessions were signed out.')?.code, 'success.passwordChangedOthersOut');
  assert.is(
    localiseApiMessage(en, 'fr', CATALOGS.fr, `Your password was changed. Your other sessions were signed out.${note}`).text,
    'Votre mot de passe a été modifié. Vos autres sessions ont été déconnectées. Votre clé d’accès permet toujours de vous connecter sans mot de passe : supprimez celles que vous ne reconnaissez pas.',
  );
  assert.is(
    localiseApiMessage(en, 'es', CATALOGS.es, `2 other sessions were signed out.${notes}`).text,
    'Se cerraron 2 sesiones más. Sus 3 llaves de acceso siguen iniciando sesión sin contraseña: quite las que no reconozca.',
  );
});

test("a declared resource's success messages (recordTexts: created, updated, deleted) have codes", () => {
  assert.ok(DECLARED_RECORDS.length > 0);
  for (const d of DECLARED_RECORDS) {
    const texts = recordTexts(d);
    for (const text of [texts.created, texts.updated, texts.deleted]) assert.ok(successMessageOf(en, text), `${d.key}: "${text}" needs a success code`);
  }
});

test('the sign-in screen tells a wrong or spent code by the codes the API answers beside them', () => {
  assert.is(apiMessageOf(en, CODE_WRONG)?.code, CODE_WRONG_CODE);
  assert.is(apiMessageOf(en, CODE_JUST_USED)?.code, CODE_JUST_USED_CODE);
});

test.run();
