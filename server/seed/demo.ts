import type { Sql } from '../db/sql.ts';
import { seedDemoOrganisers } from './demo-organiser.ts';
import { seedDemoAdmin } from './demo-admin.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';

/** Ids the base seed made, for demo data to attach to. */
export interface SeedRoles { adminRole: number; companyRole: number }

/**
 * Demo data for `npm start` (issue 2–5): something on every screen. Each area adds its part here.
 * Runs inside the seed transaction.
 */
export async function seedDemo(sql: Sql, roles: SeedRoles): Promise<void> {
  await seedDemoAdmin(sql, roles);
  await seedDemoOrganisers(sql);
  await seedDemoCampaigns(sql);
  void roles;
}
