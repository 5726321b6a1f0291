import { resourceGrantsSql } from './resource-grants.ts';
import { sqlMigration } from './migration.ts';

/**
 * Seeds the ability catalogue as it stood when permissions took effect (DESIGN.md §3), on new
 * and existing databases alike: each name is added once, and a permission already stored under
 * that name (any case) is kept as it is, with its role links. The names are literal, not read
 * from src/common/abilities.ts: a resource added to the catalogue later brings its own migration
 * (019-activity, docs/architecture.md "Adding a resource"), which is how a database that has
 * already run this one receives it.
 */
export default sqlMigration(
  '003-abilities',
  resourceGrantsSql({
    permissions: [
      'View permissions',
      'Create permissions',
      'Edit permissions',
      'Delete permissions',
      'View roles',
      'Create roles',
      'Edit roles',
      'Delete roles',
      'View users',
      'Create users',
      'Edit users',
      'Delete users',
      'Import users',
      'View pages',
      'Create pages',
      'Edit pages',
      'Delete pages',
      'View menus',
      'Create menus',
      'Edit menus',
      'Delete menus',
      'View settings',
      'Edit settings',
      'View organizers',
      'Create organizers',
      'Edit organizers',
      'Delete organizers',
      'Moderate videos',
    ],
  }),
);
