import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startE2E, signIn, type E2E } from './harness.ts';
import { makeOrganiser } from '../api/campaigns-fixtures.ts';

// Languages (docs/languages.md): My account's Language card shows the console in French, Spanish
// or Arabic at once, keeps it after a reload and in a fresh browser after signing in; Arabic is
// right to left with the sidebar on the right.
let e: E2E;
test.before(async () => {
  e = await startE2E();
});
test.after(async () => {
  await e.stop();
});

const html = (page = e.page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Chooses `language` (its own name) in My account's Language card and saves. */
async function choose(name: string, saveLabel: string) {
  const card = e.page.locator('section.card').filter({ has: e.page.locator('select[name=language]') });
  await card.locator('select[name=language]').selectOption({ label: name });
  await card.getByRole('button', { name: saveLabel }).click();
}

test('choosing French, Spanish and Arabic in My account changes the console at once; Arabic is right to left', async () => {
  await signIn(e.page, e.url);
  await e.page.goto(`${e.url}/admin/account`);
  await e.page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  assert.equal(await html(), { lang: 'en', dir: 'ltr' });

  await choose('Français', 'Save language');
  await e.page.getByRole('heading', { name: 'Mon compte', level: 1 }).waitFor();
  assert.equal(await html(), { lang: 'fr', dir: 'ltr' });
  // Shell, headings, buttons and column titles of the screen are French.
  await e.page.getByRole('link', { name: 'Tableau de bord' }).waitFor();
  for (const heading of ['Profil', 'Changer le mot de passe', 'Sessions', 'Langue']) await e.page.getByRole('heading', { name: heading }).waitFor();
  await e.page.getByRole('button', { name: 'Fermer toutes les autres sessions' }).waitFor();
  await e.page.getByRole('columnheader', { name: 'Navigateur' }).waitFor();
  await e.page.getByText('Langue enregistrée.').waitFor();

  await choose('Español', 'Enregistrer la langue');
  await e.page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
  assert.equal(await html(), { lang: 'es', dir: 'ltr' });
  await e.page.getByRole('link', { name: 'Panel' }).waitFor();

  await choose('العربية', 'Guardar el idioma');
  await e.page.getByRole('heading', { name: 'حسابي', level: 1 }).waitFor();
  assert.equal(await html(), { lang: 'ar', dir: 'rtl' });
  const sidebar = await e.page.locator('#sidebar').boundingBox();
  const width = e.page.viewportSize()!.width;
  assert.ok(sidebar && sidebar.x > width / 2, `the sidebar stands on the right: x=${sidebar?.x} of ${width}`);
  const content = await e.page.locator('main, .content').first().boundingBox();
  assert.ok(content && content.x < sidebar!.x, 'the content is to the left of the sidebar');
  assert.equal(e.errors, []);
});

test('the choice survives a reload and follows the user to a fresh browser', async () => {
  // The previous test left Arabic saved with the user; French now, then a reload and a new browser.
  await choose('Français', 'حفظ اللغة');
  await e.page.getByRole('heading', { name: 'Mon compte', level: 1 }).waitFor();
  await e.page.reload();
  await e.page.getByRole('heading', { name: 'Mon compte', level: 1 }).waitFor();
  assert.equal(await html(), { lang: 'fr', dir: 'ltr' });

  const other = await e.browser.newContext({ locale: 'en-US' });
  const page = await other.newPage();
  try {
    await signIn(page, e.url);
    await page.getByRole('link', { name: 'Tableau de bord' }).waitFor();
    assert.equal(await html(page), { lang: 'fr', dir: 'ltr' });
  } finally {
    await other.close();
  }
});

test('in French, the admin screens and the organiser console show French headings, menus, buttons and column titles', async () => {
  // The user chose French in the previous test.
  for (const [path, heading] of [
    ['/admin/users', 'Utilisateurs'],
    ['/admin/roles', 'Rôles'],
    ['/admin/permissions', 'Autorisations'],
    ['/admin/organizers', 'Organisateurs'],
    ['/admin/settings', 'Paramètres'],
  ]) {
    await e.page.goto(`${e.url}${path}`);
    await e.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }
  // A built-in permission is marked in French too.
  await e.page.goto(`${e.url}/admin/permissions`);
  await e.page.getByText('Intégré').first().waitFor();
  // A declared resource's screen (Pages) and the admin forms' buttons: French too.
  await e.page.goto(`${e.url}/admin/pages`);
  await e.page.getByRole('columnheader', { name: 'Rôles associés' }).waitFor();
  await e.page.getByRole('button', { name: 'AJOUTER une page' }).click();
  const dialog = e.page.getByRole('dialog', { name: 'Ajouter une page' });
  await dialog.getByLabel('Titre').waitFor();
  await dialog.getByPlaceholder('Saisissez le contenu ici').waitFor();
  await dialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await dialog.getByText('Veuillez remplir le champ « Titre ».').waitFor();
  // Two: the × and the footer's Close, both French.
  assert.is(await dialog.getByRole('button', { name: 'Fermer', exact: true }).count(), 2);
  // The server's success message comes back in French (the console sends its language).
  await dialog.getByLabel('Titre').fill('Bienvenue');
  await dialog.getByPlaceholder('Saisissez le contenu ici').fill('Bonjour à tous.');
  await dialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await e.page.getByText('Page créée avec succès.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await e.page.getByRole('table').getByText('Bienvenue', { exact: true }).waitFor();
  const org = await makeOrganiser(e.api, 'Club Langues');
  await e.page.goto(`${e.url}/admin/organizer/${org.companyId}/events`);
  await e.page.getByRole('heading', { name: 'Événements', level: 1 }).waitFor();
  for (const item of ['Tableau de bord', 'Profil de l’organisateur', 'Jours ouvrés', 'Réservations', 'Activité'])
    await e.page.getByRole('navigation').getByRole('link', { name: item }).first().waitFor();
  await e.page.getByRole('link', { name: 'Retour aux organisateurs' }).waitFor();
  assert.equal(await html(), { lang: 'fr', dir: 'ltr' });
  assert.equal(e.errors, []);
});

test("before sign-in, the browser's preferred language decides", async () => {
  const other = await e.browser.newContext({ locale: 'es-ES' });
  const page = await other.newPage();
  try {
    await page.goto(`${e.url}/login`);
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).waitFor();
    assert.equal(await html(page), { lang: 'es', dir: 'ltr' });
  } finally {
    await other.close();
  }
});

test.run();
