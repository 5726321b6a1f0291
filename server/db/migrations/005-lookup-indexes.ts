import { sqlMigration } from './migration.ts';
/**
 * Indexes for lookups by a parent id that had none: a campaign's templates (campaign detail,
 * deletes), a user's tokens (revoking every session of a user), an organiser's users (organiser
 * delete counts and images). Primary and unique keys already cover the rest.
 */
export default sqlMigration(
  '005-lookup-indexes',
  `
CREATE INDEX IF NOT EXISTS templates_campaign ON templates (campaign_id, id);
CREATE INDEX IF NOT EXISTS tokens_user ON tokens (user_id);
CREATE INDEX IF NOT EXISTS users_company ON users (company_id);
`,
);
