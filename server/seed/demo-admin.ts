import type { Sql } from '../db/sql.ts';
import { demoHash } from './demo-hashes.ts';
import * as roles from '../db/queries/roles.ts';
import * as users from '../db/queries/users.ts';
import { declaredQueries } from '../db/queries/declared.ts';
import { RESOURCES } from '../../src/common/resources.ts';
import * as menus from '../db/queries/menus.ts';
import * as settings from '../db/queries/settings.ts';
import * as organisers from '../db/queries/organisers.ts';
import { allPermissions } from '../db/queries/permissions.ts';
import { PLAIN } from '../db/list-query.ts';

/** Ids the base seed made, for demo data to attach to. */
export interface SeedRoles {
  adminRole: number;
  companyRole: number;
}

/**
 * Demo data of the administrator area, run inside the seed transaction:
 * - role "editor" (menus Pages and Users; may manage editor and support users; permissions View,
 *   Create and Edit users and every pages ability) and role "support" (menu Users only; may
 *   manage support users; View users and Edit users only, so no ADD, Delete or Import);
 * - users: editor@example.com / Editor-demo-1, support@example.com / Support-demo-1, and a few more
 *   support and editor users (password Demo-user-1) so the Users list pages;
 * - three pages, company and SMTP settings (no SMTP password), and three organisers, each with
 *   its company-role sign-in user (<slug>@organiser.example / Organiser-demo-1).
 * Prints nothing; the passwords are documented here.
 */
export async function seedDemoAdmin(sql: Sql, base: SeedRoles): Promise<void> {
  const perms = await allPermissions(sql);
  const permIds = (...names: string[]) => perms.filter((p) => names.includes(p.name)).map((p) => p.id);
  const support = await roles.createRole(sql, { name: 'support', permissionIds: permIds('View users', 'Edit users'), accessIds: [] });
  await roles.updateRole(sql, support, { name: 'support', permissionIds: permIds('View users', 'Edit users'), accessIds: [support] });
  const editorPerms = permIds('View users', 'Create users', 'Edit users', 'View pages', 'Create pages', 'Edit pages', 'Delete pages');
  const editor = await roles.createRole(sql, { name: 'editor', permissionIds: editorPerms, accessIds: [support] });
  await roles.updateRole(sql, editor, { name: 'editor', permissionIds: editorPerms, accessIds: [editor, support] });
  await roles.updateRole(sql, base.adminRole, { name: 'admin', permissionIds: perms.map((p) => p.id), accessIds: [] });

  // Attach the existing Users and Pages menus to the new roles.
  const all = (await menus.listMenus(sql, 1, PLAIN, 100)).data;
  for (const m of all) {
    const extra = m.url === '/admin/users' ? [editor, support] : m.url === '/admin/pages' ? [editor] : [];
    if (extra.length) await menus.updateMenu(sql, m.id, { title: m.title, url: m.url, status: m.status, roleIds: [...m.roles.map((r) => r.id), ...extra] });
  }
  await menus.createMenu(sql, { title: 'Reports', url: '/admin/reports', status: 0, roleIds: [base.adminRole] });

  const userHash = await demoHash('Demo-user-1');
  await users.createUser(sql, { name: 'Edith Editor', email: 'editor@example.com', passwordHash: await demoHash('Editor-demo-1'), roleId: editor });
  await users.createUser(sql, { name: 'Sam Support', email: 'support@example.com', passwordHash: await demoHash('Support-demo-1'), roleId: support });
  const more = ['Ava Brown', 'Liam Chen', 'Mia Patel', 'Noah Garcia', 'Olivia Kim', 'Lucas Rossi', 'Emma Novak', 'Leo Silva', 'Zoe Martin', 'Ivan Petrov'];
  for (const [i, name] of more.entries()) {
    await users.createUser(sql, {
      name,
      email: `${name.split(' ')[0].toLowerCase()}@example.com`,
      passwordHash: userHash,
      roleId: i % 3 === 0 ? editor : support,
    });
  }

  const pages = declaredQueries(RESOURCES.pages.records);
  await pages.create(sql, { title: 'About us', content: 'We run photo, video and conference campaigns for events.' });
  await pages.create(sql, { title: 'Terms and conditions', content: 'By taking part in an event you agree to these terms.' });
  await pages.create(sql, { title: 'Privacy policy', content: 'We keep participant photos for 12 months after an event.' });

  await settings.saveCompanySettings(sql, {
    logo: '',
    name: 'Events Back-office Ltd',
    primary_mail: 'info@events.example',
    sales_mail: 'sales@events.example',
    phone: '+1 555 0100',
    address: '12 Harbour Street\nPort Town',
  });
  await settings.saveEmailSettings(sql, {
    smtp_server: 'smtp.events.example',
    smtp_email: 'noreply@events.example',
    smtp_username: 'noreply',
    smtp_password: '',
    smtp_port: '587',
    smtp_type: 'tls',
  });

  const orgHash = await demoHash('Organiser-demo-1');
  const orgs = [
    ['City Marathon', 'city-marathon', 1, 'The yearly city marathon and half marathon.'],
    ['Photo Fest', 'photo-fest', 1, 'A weekend of photo walks and workshops.'],
    ['Tech Summit', 'tech-summit', 0, 'Two days of talks; paused until next season.'],
  ] as const;
  for (const [name, slug, status, description] of orgs) {
    await organisers.createOrganiser(sql, {
      name,
      email: `${slug}@organiser.example`,
      phone: '+1 555 0199',
      status,
      description,
      passwordHash: orgHash,
      companyRoleId: base.companyRole,
    });
  }
}
