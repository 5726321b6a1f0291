import type { AuthUser } from '../../db/queries/auth.ts';

/**
 * What the console needs to hide controls the user may not use, beside the spec's fields:
 * `abilities`, the ability keys held (src/common/abilities.ts); `assignable_roles`, the role ids
 * the user may give in the Users screen's Role select (admin: every role but company).
 */
export const grants = async (u: AuthUser) => ({ abilities: [...u.abilities].sort(), assignable_roles: await u.assignable() });

/** The user as user/get answers it (admin-area §3), plus `grants`. */
export const publicUser = async (u: AuthUser) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  image: u.image,
  companyid: u.companyId,
  role: u.roles[0]?.id ?? 0,
  roles: u.roles,
  ...(await grants(u)),
});
