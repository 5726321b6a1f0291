import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from '../../src/lib/validators.ts';
import { activateLocale } from '../../src/lib/i18n.ts';

test('required names the field for empty and whitespace values', () => {
  assert.is(v.required('', 'Permission name'), 'Please fill Permission name.');
  assert.is(v.required('   ', 'Role name'), 'Please fill Role name.');
  assert.is(v.required('x', 'Role name'), null);
});
test('email uses the exact message of admin-area §5', () => {
  assert.is(v.email('not-an-email'), 'Please enter a valid email address.');
  assert.is(v.email('a@b.co'), null);
});
test('textOnly allows letters, spaces and dots only', () => {
  assert.is(v.textOnly('Dr. Jane Doe', 'name'), null);
  assert.is(v.textOnly('Jane2', 'name'), 'Only alphabets, space and dot are allowed in name.');
});
test('numbersOnly allows digits only', () => {
  assert.is(v.numbersOnly('0123', 'phone'), null);
  assert.is(v.numbersOnly('12a', 'phone'), 'Only numbers are allowed in phone.');
});
test('selected refuses empty and zero', () => {
  assert.is(v.selected(0, 'role'), 'Please select any role.');
  assert.is(v.selected('0', 'role'), 'Please select any role.');
  assert.is(v.selected('', 'role'), 'Please select any role.');
  assert.is(v.selected(3, 'role'), null);
});
test('lengthBetween words the message as the spec does', () => {
  assert.is(v.lengthBetween('abc', 'Title', 4, 10), 'Title should have minimum length should be 4 and maximum length should be 10.');
  assert.is(v.lengthBetween('abcd', 'Title', 4, 10), null);
});
test('dateSelected refuses impossible dates', () => {
  assert.is(v.dateSelected('2026-02-30', 'start date'), 'Please select the start date.');
  assert.is(v.dateSelected('', 'start date'), 'Please select the start date.');
  assert.is(v.dateSelected('2026-02-28', 'start date'), null);
});
test('the password pattern needs 8 characters, a digit, an upper and a lower case letter', () => {
  assert.ok(v.PASSWORD_PATTERN.test('Abcdefg1'));
  assert.not.ok(v.PASSWORD_PATTERN.test('abcdefg1'));
  assert.not.ok(v.PASSWORD_PATTERN.test('Abcdef1'));
});
test('firstFailure returns the first message, or null', () => {
  assert.is(v.firstFailure(null, 'a', 'b'), 'a');
  assert.is(v.firstFailure(null, null), null);
});
test("the toast title is Whoops..!!! in English, the reader's own in French", async () => {
  assert.is(v.whoops(), 'Whoops..!!!');
  try {
    await activateLocale('fr', false);
    assert.is(v.whoops(), 'Oups… !!!');
  } finally {
    await activateLocale('en', false);
  }
});
test("the field sentences are in the reader's language (French, Arabic), English word for word", async () => {
  assert.is(v.strongPassword('abc'), 'The password must be at least 8 characters long and contain a digit, an upper-case and a lower-case letter.');
  assert.is(v.strongPassword('Abcdefg1'), null);
  try {
    await activateLocale('fr', false);
    assert.is(v.required('', 'Nom'), 'Veuillez remplir le champ « Nom ».');
    assert.is(v.email('x'), 'Veuillez saisir une adresse e-mail valide.');
    assert.is(v.selected('0', 'Rôle'), 'Veuillez choisir une valeur pour « Rôle ».');
    assert.is(v.lengthBetween('abc', 'Titre', 4, 10), '« Titre » doit compter au moins 4 et au plus 10 caractères.');
    assert.is(v.dateSelected('', 'date de début'), 'Veuillez choisir une valeur pour « date de début ».');
    assert.is(v.strongPassword('abc'), 'Le mot de passe doit comporter au moins 8 caractères, dont un chiffre, une majuscule et une minuscule.');
    await activateLocale('ar', false);
    assert.is(v.required(' ', 'الاسم'), 'يرجى ملء حقل «الاسم».');
    assert.is(v.numbersOnly('12a', 'الهاتف'), 'لا يُسمح في «الهاتف» إلا بالأرقام.');
    assert.is(v.email('x'), 'يرجى إدخال عنوان بريد إلكتروني صالح.');
  } finally {
    await activateLocale('en', false);
  }
  assert.is(v.required('', 'Name'), 'Please fill Name.');
});
test.run();
