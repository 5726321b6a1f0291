import type { Sql } from '../db/sql.ts';
import { nextTurn } from '../runtime/next-turn.ts';
import { seedDemoOrganisers } from './demo-organiser.ts';
import { seedDemoAdmin, type SeedRoles } from './demo-admin.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';
import { seedDemoLists } from './demo-lists.ts';

/**
 * Demo data for `npm start`: something on every screen. Each area adds its part here.
 * Runs inside the seed transaction; `roles` are the ids the base seed made.
 */
export async function seedDemo(sql: Sql, roles: SeedRoles): Promise<void> {
  // Between the parts the event loop turns: a listen-first start answers /api/ping (and the
  // console's files) while it seeds instead of after the whole seed.
  await seedDemoAdmin(sql, roles);
  await nextTurn();
  await seedDemoOrganisers(sql);
  await nextTurn();
  await seedDemoCampaigns(sql);
  await nextTurn();
  await seedDemoLists(sql);
}
