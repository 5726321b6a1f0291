import type { Sql } from '../db/sql.ts';
import * as q from '../db/queries/seed.ts';
import { seedDemoOrganisers } from './demo-organiser.ts';
import { seedDemoAdmin } from './demo-admin.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';
import { seedDemoLists } from './demo-lists.ts';

/** Ids the base seed made, for demo data to attach to. */
export interface SeedRoles { adminRole: number; companyRole: number }

const DEMO_PERMISSIONS = [
  'View users', 'Create users', 'Edit users', 'Delete users', 'Import users', 'View organizers', 'Create organizers',
  'Delete organizers', 'Edit pages', 'Edit menus', 'Edit settings', 'Moderate videos',
];

/**
 * Demo data for `npm start` (issue 2–5): something on every screen. Each area adds its part here.
 * Runs inside the seed transaction.
 */
export async function seedDemo(sql: Sql, roles: SeedRoles): Promise<void> {
  for (const name of DEMO_PERMISSIONS) await q.insertPermission(sql, name);
  await seedDemoAdmin(sql, roles);
  await seedDemoOrganisers(sql);
  await seedDemoCampaigns(sql);
  await seedDemoLists(sql);
  void roles;
}
