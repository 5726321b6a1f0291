import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countWords } from '../../src/components/count-words.ts';
import { countText } from '../../src/components/list-query.ts';
import { activateLocale, t } from '../../src/lib/i18n.ts';

// The lists' counts ("1,234 users", the bulk bar's "All 1,234 users matching selected", the
// confirmations' "Do you want to delete 3 photos?") in the reader's language, with the noun's
// plural forms by the platform's CLDR rules (docs/languages.md); English word for word as before.
const NOUNS = ['user', 'organizer', 'permission', 'role', 'menu', 'page', 'event', 'participant', 'booking', 'photo', 'video'];

test.after.each(() => activateLocale('en', false));

test('English counts stay word for word', () => {
  for (const noun of NOUNS)
    for (const n of [0, 1, 2, 1234]) {
      assert.is(countWords(n, noun), countText(n, noun), `${n} ${noun}`);
      assert.is(countWords(n, noun, undefined, true), countText(n, noun, undefined, true), `${n}+ ${noun}`);
    }
  assert.is(countWords(1, 'entry', 'entries'), '1 entry');
  assert.is(countWords(2, 'entry', 'entries'), '2 entries');
  assert.is(countWords(5, 'widget'), '5 widgets', 'a noun without a message keeps the English rule');
  assert.is(t('list.allMatchingSelected', { what: countWords(1234, 'user') }), 'All 1,234 users matching selected');
  assert.is(t('list.selectedCount', { count: 1234 }), '1,234 selected');
  assert.is(t('list.selectAllMatching', { what: countWords(50, 'photo') }), 'Select all 50 photos matching');
});

test('French and Spanish counts use their words and plural rules', async () => {
  await activateLocale('fr', false);
  assert.is(countWords(0, 'user'), '0 utilisateur');
  assert.is(countWords(1, 'event'), '1 événement');
  assert.is(countWords(1234, 'user'), '1\u202f234 utilisateurs');
  assert.is(countWords(10000, 'photo', undefined, true), '10\u202f000+ photos');
  assert.is(t('list.selectedCount', { count: 2 }), '2 sélectionnés');
  await activateLocale('es', false);
  assert.is(countWords(3, 'booking'), '3 reservas');
  assert.is(countWords(1, 'booking'), '1 reserva');
});

test('Arabic counts take the six CLDR forms', async () => {
  await activateLocale('ar', false);
  const said = [0, 1, 2, 3, 11, 100].map((n) => countWords(n, 'user'));
  const d = (n: number) => new Intl.NumberFormat('ar').format(n);
  assert.equal(said, [`${d(0)} مستخدم`, 'مستخدم واحد', 'مستخدمان', `${d(3)} مستخدمين`, `${d(11)} مستخدمًا`, `${d(100)} مستخدم`]);
  assert.is(countWords(1, 'photo'), 'صورة واحدة');
  for (const noun of NOUNS) assert.not.match(countWords(7, noun), /[a-z]/, noun);
});

test.run();
