import type { Migration } from './migration.ts';

/**
 * The user's language (docs/languages.md): `users.language` is a shipped locale
 * (src/common/i18n/locales.ts) or NULL while the user has not chosen one.
 */
const migration: Migration = {
  id: '038-user-language',
  sql: `ALTER TABLE users ADD COLUMN language TEXT;
`,
};
export default migration;
