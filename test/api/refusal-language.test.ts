import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { csvFile, makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { tokenFor } from './admin-helpers.ts';

// The refusals of roles and permissions, two-step sign-in and passkeys, API tokens, webhooks and
// the import sheets' row problems in the caller's language, each with its stable code
// (docs/languages.md "API messages"): the same code as in English, the text in French, Spanish or Arabic.
let api: TestApi;
let admin = '';
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  A = await makeOrganiser(api, 'Refusals', 0);
});
test.after(async () => {
  await api.stop();
});

const lang = (l: string) => ({ 'accept-language': l });

test('roles and permissions: a built-in role or permission is refused in French and Arabic, with its code', async () => {
  const roles = (await api.call('GET', 'role', { token: admin })).body.data as { id: number; name: string }[];
  const adminRole = roles.find((r) => r.name === 'admin')!.id;
  const del = await api.call('DELETE', `role/${adminRole}`, { token: admin, headers: lang('fr') });
  assert.is(del.status, 409);
  assert.is(del.body.code, 'error.builtInRoleDelete');
  assert.is(del.body.message, 'Le rôle admin ne peut pas être supprimé.');
  const english = await api.call('DELETE', `role/${adminRole}`, { token: admin });
  assert.is(english.body.message, 'The admin role cannot be deleted.');
  assert.is(english.body.code, 'error.builtInRoleDelete');
  const rename = await api.call('PUT', `role/${adminRole}`, { token: admin, form: { name: 'boss' }, headers: lang('es') });
  assert.is(rename.status, 422);
  assert.equal(rename.body.errors, { name: ['El rol admin no se puede renombrar.'] });
  assert.equal(rename.body.error_codes, { name: ['validation.builtInRoleName'] });
  const perms = (await api.call('GET', 'permission', { token: admin })).body.data as { id: number; name: string }[];
  const builtIn = perms[0];
  const refused = await api.call('DELETE', `permission/${builtIn.id}`, { token: admin, headers: lang('ar') });
  assert.is(refused.status, 403, JSON.stringify(refused.body));
  assert.is(refused.body.code, 'error.builtInPermission');
  assert.is(refused.body.message, `الصلاحية ${builtIn.name} مدمجة ولا يمكن حذفها.`);
});

test('a missing permission names its action in French and Arabic, with its code', async () => {
  const { token, userId } = await tokenFor(api, admin, ['users', 'roles'], [], ['users.view']);
  const fr = await api.call('DELETE', `user/${userId}`, { token, headers: lang('fr') });
  assert.is(fr.status, 403, JSON.stringify(fr.body));
  assert.is(fr.body.code, 'error.noPermission');
  assert.is(fr.body.message, 'Vous n’avez pas l’autorisation de supprimer des utilisateurs.');
  const english = await api.call('DELETE', `user/${userId}`, { token });
  assert.is(english.body.message, 'You do not have the permission to delete users.');
  assert.is(english.body.code, 'error.noPermission');
  const ar = await api.call('GET', 'role?page=1', { token, headers: lang('ar') });
  assert.is(ar.status, 403, JSON.stringify(ar.body));
  assert.is(ar.body.code, 'error.noPermission');
  assert.is(ar.body.message, 'ليست لديك صلاحية عرض الأدوار.');
});

test('two-step and passkeys: turning off an app that is not on, and an unknown passkey, in Spanish', async () => {
  const off = await api.call('POST', 'account/two-step/disable', { token: admin, form: { password: 'x', code: '123456' }, headers: lang('es') });
  assert.is(off.status, 409, JSON.stringify(off.body));
  assert.is(off.body.code, 'error.totpNotOn');
  assert.is(off.body.message, 'El inicio de sesión en dos pasos con una aplicación de autenticación no está activado.');
  const codes = await api.call('POST', 'account/two-step/recovery-codes', { token: admin, form: { password: 'Admin-pass-1' }, headers: lang('fr') });
  assert.is(codes.status, 409, JSON.stringify(codes.body));
  assert.is(codes.body.code, 'error.recoveryNeedsFactor');
  assert.match(codes.body.message, /^Les codes de récupération accompagnent un second facteur/);
});

test('API tokens: an expiry in the past or too far ahead is refused in Spanish and Arabic, with its code', async () => {
  const past = await api.call('POST', 'tokens', { token: admin, form: { name: 'Old', scopes: 'users:read', expires_at: '2001-01-01' }, headers: lang('es') });
  assert.is(past.status, 422, JSON.stringify(past.body));
  assert.equal(past.body.errors.expires_at, ['La fecha de caducidad debe ser posterior a hoy.']);
  assert.equal(past.body.error_codes.expires_at, ['validation.tokenExpiryPast']);
  const far = await api.call('POST', 'tokens', { token: admin, form: { name: 'Far', scopes: 'users:read', expires_at: '2999-01-01' }, headers: lang('ar') });
  assert.is(far.status, 422, JSON.stringify(far.body));
  assert.equal(far.body.error_codes.expires_at, ['validation.tokenExpiryFar']);
  assert.match(far.body.errors.expires_at[0], /^يمكن أن يكون تاريخ الانتهاء بعد \d+ يومًا على الأكثر\.$/);
});

test('webhooks: an http: address is refused in Arabic and French, with its code', async () => {
  const http = await api.call('POST', 'webhooks', { token: A.token, json: { url: 'http://example.com/hook', events: ['event.created'] }, headers: lang('ar') });
  assert.is(http.status, 422, JSON.stringify(http.body));
  assert.equal(http.body.error_codes, { url: ['validation.urlHttps'] });
  assert.equal(http.body.errors.url, ['لا يُقبل إلا عناوين https: (و http: فقط للمضيفين الذين يسمح بهم المشغّل عبر WEBHOOK_ALLOW_HOSTS).']);
  const creds = await api.call('POST', 'webhooks', {
    token: A.token,
    json: { url: 'https://me:pw@example.com/hook', events: ['event.created'] },
    headers: lang('fr'),
  });
  assert.equal(creds.body.errors.url, ['L’URL ne peut pas contenir de nom d’utilisateur ni de mot de passe.']);
  assert.is(creds.body.code, 'validation.urlCredentials');
});

test("the participants sheet's and the users sheet's row problems: each row in French or Spanish, with validation.row", async () => {
  const head = 'bib_number,name,email,face_consent,consent_date,language';
  const bad = await api.call('POST', `event/${A.eventId}/participants`, {
    token: A.token,
    form: { file: csvFile(`${head}\n,Ana,ana@example.com,no,,\n7,Bo,bo@example.com,no,,\n7,Cy,cy@example.com,maybe,,\n`, 'p.csv') },
    headers: lang('fr'),
  });
  assert.is(bad.status, 422, JSON.stringify(bad.body));
  assert.equal(bad.body.errors.file, ['Ligne 2 : Le champ bib number est obligatoire.', 'Ligne 4 : La valeur choisie pour face consent n’est pas valide.']);
  assert.equal(bad.body.error_codes.file, ['validation.row', 'validation.row']);
  const english = await api.call('POST', `event/${A.eventId}/participants`, {
    token: A.token,
    form: { file: csvFile(`${head}\n,Ana,ana@example.com,no,,\n`, 'p.csv') },
  });
  assert.equal(english.body.errors.file, ['Row 2: The bib number field is required.']);
  assert.equal(english.body.error_codes.file, ['validation.row']);
  const users = await api.call('POST', 'user/import', {
    token: admin,
    form: { file: csvFile('name,email,password,role\n,not-an-email,short,ghost\n', 'u.csv') },
    headers: lang('es'),
  });
  assert.is(users.status, 422, JSON.stringify(users.body));
  assert.equal(users.body.errors.file, [
    'Fila 2: El campo name es obligatorio. El correo «not-an-email» no es una dirección de correo válida. La contraseña debe tener al menos 8 caracteres y contener un dígito, una mayúscula y una minúscula. El rol «ghost» no existe.',
  ]);
});

test("the photo sheet's row problems part by part in Spanish, with validation.row", async () => {
  const r = await api.call('POST', 'uploadExcel', {
    token: A.token,
    form: {
      event_id: String(A.eventId),
      photo_price_type_id: '1',
      photo_price: '',
      excel: csvFile('bid_number,low_res_image,high_res_image,orientation\n,,http://x.example/b.jpg,sideways\n'),
    },
    headers: lang('es'),
  });
  assert.is(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.errors.excel, [
    'Fila 2: bid_number está vacío; low_res_image está vacío; high_res_image es un enlace http://; las fotos deben ser enlaces https:// (la galería no puede mostrar imágenes http://); orientation debe ser portrait o landscape.',
  ]);
  assert.equal(r.body.error_codes.excel, ['validation.row']);
});

test('the other refusals too: a delete-impact question without exactly one id, in French, with its code', async () => {
  const r = await api.call('GET', 'deleteImpact', { token: admin, headers: lang('fr') });
  assert.is(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.errors, { id: ['Envoyez exactement un seul de organizer_id, event_id ou campaign_id.'] });
  assert.equal(r.body.error_codes, { id: ['validation.deleteImpactOne'] });
});

test("the user's own language comes before the browser's: a saved Arabic answers in Arabic whatever Accept-Language says", async () => {
  assert.is((await api.call('PUT', 'account/language', { token: A.token, form: { language: 'ar' } })).status, 200);
  for (const headers of [{}, lang('es')]) {
    const r = await api.call('POST', 'webhooks', { token: A.token, json: { url: 'not a url', events: ['event.created'] }, headers });
    assert.is(r.status, 422, JSON.stringify(r.body));
    assert.equal(r.body.errors.url, ['يجب أن يكون url عنوان URL صالحًا.']);
    assert.equal(r.body.error_codes.url, ['validation.url']);
  }
  assert.is((await api.call('PUT', 'account/language', { token: A.token, form: { language: '' } })).status, 200);
  const browser = await api.call('POST', 'webhooks', { token: A.token, json: { url: 'not a url', events: ['event.created'] }, headers: lang('es') });
  assert.equal(browser.body.errors.url, ['El campo url debe ser una URL válida.']);
});

test.run();
