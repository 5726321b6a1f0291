import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, screen } from '@testing-library/react';
import { activateLocale } from '../../src/lib/i18n.ts';
import { loadSharedTexts, sayShared } from '../../src/lib/shared-texts.ts';
import { LocaleProvider } from '../../src/providers/locale.tsx';
import { SheetProblems } from '../../src/components/sheet-preview.tsx';
import { readChosen, sheetFieldCheck } from '../../src/components/use-sheet-import.ts';
import { checkPhotoSheet } from '../../src/features/event-photos/photo-sheet.ts';
import { previewTable, withTaken } from '../../src/features/users/import-preview.ts';
import { checkSheet } from '../../src/features/events/import-participants-modal.tsx';
import type { Locale } from '../../src/common/i18n/locales.ts';

// The problems a sheet's preview finds before anything is sent (users import, event photos,
// participants), worded by the shared rules of src/common/ in the API's English, are shown in the
// reader's language (lib/shared-texts.ts, components/sheet-preview.tsx); English stays word for word.

test.before.each(() => resetDom());
test.after.each(() => activateLocale('en', false));

const PHOTO_HEAD = ['bid_number', 'low_res_image', 'high_res_image', 'orientation'];
const photoSheet = () =>
  checkPhotoSheet([
    PHOTO_HEAD,
    ['', 'ftp://x', 'http://a.example/c.jpg', 'sideways'],
    ...Array.from({ length: 22 }, (_, i) => [String(i), '', '', 'portrait']),
  ]);
const ROLES = { roles: new Map([['admin', { id: 1, name: 'admin' }]]), assignable: [1] };
const usersSheet = () =>
  withTaken(
    previewTable(
      [
        ['name', 'email', 'password', 'role'],
        ['', 'bad', 'weak', 'nope'],
        ['A', 'a@b.co', 'Abcdefg1', 'admin'],
      ],
      ROLES,
    ),
    new Set(['a@b.co']),
  );
const participantsSheet = () =>
  checkSheet([
    ['bib_number', 'name', 'email', 'face_consent', 'consent_date'],
    ['', 'Ann', '', 'yes', ''],
    ['7', 'Bo', '', 'no', ''],
    ['7', 'Cy', '', 'maybe', ''],
    ['8', 'Di', '', 'no', ''],
    ['8', 'Ed', '', 'no', ''],
  ]);

const inLocale = async (locale: Locale) => {
  await activateLocale(locale, false);
  await loadSharedTexts(locale);
};

test('English readers see the shared rules word for word', async () => {
  await activateLocale('en', false);
  assert.is(await loadSharedTexts('en'), false, 'English loads nothing');
  const photo = photoSheet().problems;
  assert.is(
    sayShared(photo[0]),
    'Row 2: bid_number is empty; low_res_image is not an http(s) link; high_res_image is an http:// link; photos must be https:// links (the gallery cannot show http:// images); orientation must be portrait or landscape.',
  );
  assert.is(sayShared(photo.at(-1)!), '…and 3 more problems.');
  assert.is(sayShared(usersSheet().problems[0]), 'Row 2: The name field is required.');
  assert.is(sheetFieldCheck(null, false), 'Please choose a spreadsheet.');
});

test('a French reader sees the users, photos and participants sheets’ row problems in French', async () => {
  await inLocale('fr');
  const photo = photoSheet().problems.map(sayShared);
  assert.is(
    photo[0],
    'Ligne 2 : bid_number est vide ; low_res_image n’est pas un lien http(s) ; high_res_image est un lien http:// ; les photos doivent être des liens https:// (la galerie ne peut pas afficher d’images http://) ; orientation doit être portrait ou landscape.',
  );
  assert.is(photo[1], 'Ligne 3 : low_res_image est vide ; high_res_image est vide.');
  assert.is(photo.at(-1), '…et 3 autres problèmes.');
  assert.equal(usersSheet().problems.map(sayShared), [
    'Ligne 2 : Le champ name est obligatoire.',
    'Ligne 2 : L’e-mail « bad » n’est pas une adresse e-mail valide.',
    'Ligne 2 : Le mot de passe doit comporter au moins 8 caractères, dont un chiffre, une majuscule et une minuscule.',
    'Ligne 2 : Le rôle « nope » n’existe pas.',
    'Ligne 3 : L’e-mail a@b.co est déjà utilisé.',
  ]);
  const participants = participantsSheet().problems.map(sayShared);
  assert.is(participants[0], 'Ligne 2 : Le champ bib number est obligatoire.');
  assert.is(participants[1], 'Ligne 4 : La valeur choisie pour face consent n’est pas valide.');
  assert.is(participants[2], 'Ligne 6 : Le dossard 8 est répété dans cette feuille (d’abord à la ligne 5).');
  assert.not.match(participants.join(' '), /Row|field|repeated/);
  assert.is(sayShared(checkSheet([['name']]).problems[0]), 'Il manque au fichier les colonnes bib_number, email, face_consent, consent_date.');
  assert.is(sheetFieldCheck(null, false), 'Veuillez choisir une feuille de calcul.');
  const file = new File(['x'], 'photo.png');
  assert.is(
    sayShared(((await readChosen(file, { csv: async () => ({ problems: [] }) })) as { message: string }).message),
    'Le fichier doit être un tableur (.csv ou .xlsx).',
  );
});

test('an Arabic reader sees the problems in Arabic, with Arabic plural forms, in the alert box', async () => {
  await activateLocale('ar', false);
  const problems = photoSheet().problems;
  render(
    <LocaleProvider>
      <SheetProblems className="sheet-problems" problems={problems} />
    </LocaleProvider>,
  );
  // The box loads the Arabic words of the shared rules itself, then shows them.
  await screen.findByText('الصف 3: low_res_image فارغ؛ high_res_image فارغ.');
  screen.getByText('…و3 مشكلات أخرى.');
  assert.not.match(screen.getByRole('alert').textContent ?? '', /Row|empty|more problems/);
  assert.is(sayShared(usersSheet().problems[0]), 'الصف 2: الحقل name مطلوب.');
  assert.is(sheetFieldCheck(new File(['x'], 'a.csv'), true), 'يرجى تصحيح مشكلات جدول البيانات أولًا.');
});

test('a text no shared rule words (the API’s answer, already in the reader’s language) stays as it is', async () => {
  await inLocale('fr');
  assert.is(sayShared('Ligne 4 : Le champ name est obligatoire.'), 'Ligne 4 : Le champ name est obligatoire.');
  assert.is(sayShared('Something else entirely.'), 'Something else entirely.');
});

test.run();
