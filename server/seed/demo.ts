import type { Sql } from '../db/sql.ts';
import { seedDemoOrganisers } from './demo-organiser.ts';
import { seedDemoAdmin, type SeedRoles } from './demo-admin.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';
import { seedDemoLists } from './demo-lists.ts';


/**
 * Demo data for `npm start`: something on every screen. Each area adds its part here.
 * Runs inside the seed transaction; `roles` are the ids the base seed made.
 */
export async function seedDemo(sql: Sql, roles: SeedRoles): Promise<void> {
  await seedDemoAdmin(sql, roles);
  await seedDemoOrganisers(sql);
  await seedDemoCampaigns(sql);
  await seedDemoLists(sql);
}
