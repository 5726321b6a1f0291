import { resetDom, window as win } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { prerenderShell } from '../../src/app/shell/prerender.tsx';
import { ShellFrame } from '../../src/app/shell/shell-frame.tsx';
import { SessionProvider } from '../../src/providers/session.tsx';
import { readFileSync } from 'node:fs';

/** The version package.json declares: the footer shows it (one home: package.json). */
const PACKAGE_VERSION = JSON.parse(readFileSync('package.json', 'utf8')).version as string;

// The server sends a console's frame inside <div id="root"> (build.mjs renders it with
// prerenderShell), so it paints before the scripts run; the console's first render replaces it.

// wouter's browser location listens on the global window.
for (const k of ['addEventListener', 'removeEventListener', 'dispatchEvent'] as const) (globalThis as Record<string, unknown>)[k] = win[k].bind(win);

const FOOTER = 'Copyright © 2020 Events Back-office. All rights reserved.';

test('the admin frame: header, sidebar with the brand and Dashboard, the loading line and the footer; inert; open or closed by width alone', () => {
  resetDom('/admin/users');
  const root = document.createElement('div');
  root.innerHTML = prerenderShell('admin');
  const shell = root.querySelector('.shell')!;
  assert.ok(shell.hasAttribute('inert'), 'nothing in it can be clicked or focused');
  assert.ok(shell.classList.contains('sidebar-auto'));
  assert.not.ok(shell.classList.contains('sidebar-open') || shell.classList.contains('sidebar-collapsed'));
  assert.is(root.querySelector('.sidebar .brand')!.textContent, 'Events Back-office');
  assert.equal(
    [...root.querySelectorAll('.menu li')].map((li) => li.textContent!.trim()),
    ['Dashboard'],
  );
  assert.is(root.querySelector('.sidebar-user')!.textContent, '\u00a0', 'nobody’s name');
  assert.is(root.querySelector('[role="status"]')!.textContent!.trim(), 'Loading…');
  assert.equal(
    [...root.querySelectorAll('.footer span')].map((s) => s.textContent),
    [`Version ${PACKAGE_VERSION}`, FOOTER],
  );
  assert.is(root.querySelectorAll('.active').length, 0, 'no entry marked active');
});

test('the organiser frame has the organiser menu, without Back to Admin', () => {
  const root = document.createElement('div');
  root.innerHTML = prerenderShell('organiser');
  assert.ok(root.querySelector('.shell.organiser-shell[inert]'));
  assert.equal(
    [...root.querySelectorAll('.menu li')].map((li) => li.textContent!.trim()),
    ['Dashboard', 'Organizer Profile', 'Events', 'Working Days', 'Bookings', 'Activity', 'Reports', 'Webhooks'],
  );
  assert.is(root.querySelector('.back-to-admin'), null);
  assert.ok(root.textContent!.includes(FOOTER));
});

test("the console's first render replaces the frame: one shell, not inert", async () => {
  resetDom('/admin/users');
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = prerenderShell('admin');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <Router base="/admin">
        <SessionProvider>
          <ShellFrame name="Ada Admin" sidebar={<aside className="sidebar">menu</aside>}>
            <p>Users</p>
          </ShellFrame>
        </SessionProvider>
      </Router>,
    ),
  );
  assert.is(container.querySelectorAll('.shell').length, 1);
  assert.is(container.querySelectorAll('[inert]').length, 0);
  assert.not.ok(container.querySelector('.shell')!.classList.contains('sidebar-auto'));
  assert.ok(container.textContent!.includes('Users'));
  await act(async () => root.unmount());
});

test.run();
