import { ABILITIES } from '../../../src/common/abilities.ts';

/**
 * Seeds the fixed ability catalogue as permissions (DESIGN.md §3), on new and existing
 * databases alike: each name is added once, and a permission already stored under that name
 * (any case) is kept as it is, with its role links.
 */
const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

export default ABILITIES.map(({ name }) =>
  `INSERT INTO permissions (name) SELECT ${quote(name)} WHERE NOT EXISTS (SELECT 1 FROM permissions WHERE lower(name) = lower(${quote(name)}));`,
).join('\n');
