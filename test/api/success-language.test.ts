import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { startTestApi, type TestApi } from './harness.ts';
import { csvFile } from './organiser-fixtures.ts';
import { awaitJob } from './import-job.ts';

// Success messages in the caller's language with a stable code (docs/languages.md "API
// messages"): a 2xx answer's `message` and an import job's words are said in the signed-in
// user's language, else Accept-Language's, else English (the server's own words, unchanged), and
// carry the same `code` in every language.
let api: TestApi;
let admin = '';
let support = 0;
test.before(async () => {
  api = await startTestApi();
  admin = await api.login();
  support = (await api.call('POST', 'role', { token: admin, form: { name: 'support' } })).body.data.id;
});
test.after(async () => {
  await api.stop();
});

const lang = (l?: string): Record<string, string> => (l ? { 'accept-language': l } : {});
const template = readFileSync(new URL('../../static/templates/users-template.csv', import.meta.url), 'utf8');
/** A users sheet of `n` rows whose e-mails start with `tag`. */
const sheet = (tag: string, n: number) =>
  csvFile(
    `${template}${Array.from({ length: n }, (_, i) => `${tag} Person ${i},${tag.toLowerCase()}${i}@example.com,Secret-${i}x-pass,support`).join('\n')}\n`,
    'users.csv',
  );

test('a role created with Accept-Language: es answers the Spanish text with the same code as in English', async () => {
  const spanish = await api.call('POST', 'role', { token: admin, form: { name: 'editor-es' }, headers: lang('es-ES,es;q=0.9,en;q=0.5') });
  const english = await api.call('POST', 'role', { token: admin, form: { name: 'editor-en' } });
  assert.is(spanish.status, 200, JSON.stringify(spanish.body));
  assert.is(english.status, 200);
  assert.is(spanish.body.message, 'Rol creado correctamente.');
  assert.is(english.body.message, 'Role created successfully.', "the server's English, word for word");
  assert.is(spanish.body.code, 'success.roleCreated');
  assert.is(english.body.code, spanish.body.code);
  assert.is(spanish.body.status, 'success');
  assert.is(spanish.body.data.name, 'editor-es', 'the data is the same in every language');
  // An unknown language reads English; so does a success without a message (no code then).
  const german = await api.call('PUT', `role/${english.body.data.id}`, { token: admin, form: { name: 'editor-de' }, headers: lang('de-DE') });
  assert.equal([german.body.message, german.body.code], ['Role updated successfully.', 'success.roleUpdated']);
  const read = await api.call('GET', `role/${english.body.data.id}`, { token: admin, headers: lang('es') });
  assert.is(read.body.message, '');
  assert.ok(!('code' in read.body), 'no code without a message');
});

test('a message with a value keeps it: the invitation names its address in Arabic too', async () => {
  const r = await api.call('POST', 'user', {
    token: admin,
    form: { name: 'Ann Invite', email: 'ann.invite@example.org', role: String(support) },
    headers: lang('ar'),
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.is(r.body.code, 'success.userInvited');
  assert.is(r.body.message, 'تم إنشاء المستخدم بنجاح. ستُرسل دعوة بالبريد الإلكتروني إلى ann.invite@example.org.');
  const en = await api.call('POST', `user/${r.body.data.id}/invite`, { token: admin });
  assert.equal([en.body.message, en.body.code], ['The invitation will be e-mailed again to ann.invite@example.org.', 'success.invitationAgain']);
});

test("a French user (users.language 'fr') reads French without Accept-Language; the import job's plural in French for 1 and 3 rows", async () => {
  assert.is((await api.call('PUT', 'account/language', { token: admin, form: { language: 'fr' } })).status, 200);
  try {
    const role = await api.call('POST', 'role', { token: admin, form: { name: 'editor-fr' } });
    assert.equal([role.body.message, role.body.code], ['Rôle créé avec succès.', 'success.roleCreated']);
    // The user's own language wins over the browser's.
    const withHeader = await api.call('DELETE', `role/${role.body.data.id}`, { token: admin, headers: lang('es') });
    assert.equal([withHeader.body.message, withHeader.body.code], ['Rôle supprimé avec succès.', 'success.roleDeleted']);

    const started = await api.call('POST', 'user/import', { token: admin, form: { file: sheet('One', 1) } });
    assert.equal([started.body.message, started.body.code], ['L’importation a commencé.', 'success.importStarted']);
    const one = await awaitJob(api.call, admin, started);
    assert.is(one.state, 'done', one.message);
    assert.is(one.message, '1 utilisateur importé avec succès.');
    assert.is((one as { message_code?: string }).message_code, 'success.usersImported');
    const three = await awaitJob(api.call, admin, await api.call('POST', 'user/import', { token: admin, form: { file: sheet('Three', 3) } }));
    assert.is(three.message, '3 utilisateurs importés avec succès.');
    assert.is((three as { message_code?: string }).message_code, 'success.usersImported');
  } finally {
    await api.call('PUT', 'account/language', { token: admin, form: { language: '' } });
  }
  // English again: the job's stored words are the server's own.
  const english = await api.call('GET', 'import-job/recent?kind=users', { token: admin });
  assert.equal([english.body.data.message, english.body.data.message_code], ['3 users imported successfully.', 'success.usersImported']);
});

test('the OpenAPI document lists the success codes beside the message of the success envelope', async () => {
  const doc = (await api.call('GET', 'openapi.json')).body;
  const envelope = doc.components.schemas.Envelope;
  assert.is(envelope.properties.message.type, 'string', 'message stays a string');
  assert.ok(!envelope.required.includes('code'), 'code is optional');
  for (const code of ['success.roleCreated', 'success.usersImported', 'success.userInvited']) assert.ok(envelope.properties.code.enum.includes(code), code);
  const job = JSON.stringify(doc.paths['/api/import-job/{id}']);
  assert.ok(job.includes('"message_code"') && job.includes('success.usersImported'), "an import job's message_code and its codes are documented");
});

test.run();
