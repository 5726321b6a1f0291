import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { ADMIN, TEST_DATABASE_URL, TEST_TWO_STEP_KEY } from './harness.ts';
import { twoNodesOnOnePostgres } from './two-nodes.ts';
import { apiCall, apiLogin, spawnServer, type ChildServer } from './child-server.ts';
import { receiverSettings, startReceiver, type Receiver } from './smtp-receiver.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Sql } from '../../server/db/sql.ts';
import { hashPassword } from '../../server/lib/auth/passwords.ts';
import { createOrganiser } from '../../server/db/queries/organisers.ts';
import { roleId } from '../../server/db/queries/demo-organiser.ts';
import { createEvent } from '../../server/db/queries/events.ts';
import { addDays } from '../../src/common/insight-days.ts';
import { dayIn } from '../../src/common/time-zone.ts';

// Reports on schedule with two API processes on one PostgreSQL database (docs/reports.md "Exactly
// one e-mail per due time", issue 46 "Done when"): a daily report due in under a minute, both
// processes' schedulers looking every 300 ms, and one process killed (SIGKILL) just after the due
// minute starts and started again at once. Exactly one e-mail arrives at the SMTP receiver (and the
// database holds one send and one outbox e-mail), and its .xlsx's totals equal GET
// event/{id}/insights for the report's day. Real clocks: the test waits for the due minute.

const POLL_MS = '300';

if (!TEST_DATABASE_URL) {
  console.log('report-schedules-two-processes: skipped — TEST_DATABASE_URL is not set (PostgreSQL only).');
  test.skip('needs TEST_DATABASE_URL (PostgreSQL)');
  test.run();
} else {
  const extraEnv = { TWO_STEP_KEY: TEST_TWO_STEP_KEY, REPORT_POLL_MS: POLL_MS, MAIL_POLL_MS: '200' };
  const nodes = twoNodesOnOnePostgres(extraEnv);
  let rx: Receiver;
  let sql: Sql;
  let restarted: ChildServer | undefined;
  const dirs: string[] = [];
  test.before(async () => {
    rx = await startReceiver();
    sql = openPostgres(nodes.db.url, { max: 2 });
  });
  test.after(async () => {
    await restarted?.stop();
    await sql?.close();
    await rx?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const count = async (q: string, p: unknown[] = []) => Number((await sql.get<{ n: number }>(q, p as never))!.n);

  test('a report due while one of two processes restarts goes out exactly once; its totals equal the API', async () => {
    const admin = await apiLogin(nodes.a.url, ADMIN.email, ADMIN.password);
    assert.is((await apiCall(nodes.a.url, 'PUT', 'settings/email', { token: admin, form: receiverSettings(rx) })).status, 200);

    // An organiser, its event, and participants registered yesterday (UTC): the day the daily report covers.
    const email = `two-reports-${Date.now()}@example.com`;
    const password = 'Organiser-pass-1';
    const companyId = await createOrganiser(sql, {
      name: 'Two Reports',
      email,
      phone: '',
      status: 1,
      description: '',
      passwordHash: await hashPassword(password),
      companyRoleId: (await roleId(sql, 'company'))!,
    });
    const eventId = await createEvent(sql, {
      organizer_id: companyId,
      title: 'Two Reports Run',
      description: '',
      start_date: '2030-05-01',
      end_date: '2030-05-01',
      logo: '',
    });
    const token = await apiLogin(nodes.b.url, email, password);
    const me = Number((await sql.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [email]))!.id);

    // The due time: the first whole minute at least 25 s away, as HH:MM in UTC.
    let due = Math.ceil(Date.now() / 60_000) * 60_000;
    if (due - Date.now() < 25_000) due += 60_000;
    const reportDay = addDays(dayIn('UTC', due), -1);
    const yesterdayNoon = Date.parse(`${reportDay}T12:00:00Z`);
    for (const bib of ['1', '2', '3'])
      await sql.run('INSERT INTO participants (event_id, bib_number, name, created_at) VALUES (?, ?, ?, ?)', [eventId, bib, `Runner ${bib}`, yesterdayNoon]);
    const time = new Date(due).toISOString().slice(11, 16);
    const made = await apiCall(nodes.a.url, 'POST', 'report-schedules', {
      token,
      form: { name: 'Two processes', kind: 'event', event_id: String(eventId), frequency: 'daily', time, time_zone: 'UTC', recipients: String(me) },
    });
    assert.is(made.status, 200, JSON.stringify(made.body));
    const id = made.body.data.id;
    assert.is(made.body.data.next_due_at, due);

    // Restart process A at the due minute: killed 150 ms after it starts, then started again at once.
    await sleep(Math.max(0, due + 150 - Date.now()));
    await nodes.a.kill();
    const dir = mkdtempSync(path.join(tmpdir(), 'two-reports-'));
    dirs.push(dir);
    restarted = await spawnServer({ DATA_DIR: dir, DATABASE_URL: nodes.db.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv });

    const subject = /^Report “Two processes”/;
    const m = await rx.waitFor((x) => subject.test(x.subject ?? ''), 60_000);
    // Both processes keep looking for a while: nothing more is sent for that due time.
    await sleep(5_000);
    assert.is(rx.messages.filter((x) => subject.test(x.subject ?? '')).length, 1, 'exactly one e-mail arrived');
    assert.is(await count('SELECT COUNT(*) AS n FROM report_sends WHERE schedule_id = ?', [id]), 1, 'one send');
    assert.is(await count("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'report'"), 1, 'one outbox e-mail');
    assert.is(Number((await sql.get<{ due_at: number }>('SELECT due_at FROM report_sends WHERE schedule_id = ?', [id]))!.due_at), due);

    assert.is(m.subject, `Report “Two processes”: ${reportDay} to ${reportDay}`);
    assert.is(m.attachments.length, 1);
    const rows = await readSheet(m.attachments[0].content);
    const ins = await apiCall(restarted.url, 'GET', `event/${eventId}/insights?from=${reportDay}&to=${reportDay}&tz=UTC`, { token });
    assert.is(ins.status, 200, JSON.stringify(ins.body));
    const t = ins.body.data.totals;
    assert.equal(rows[rows.length - 1], ['Total', t.registered, t.matched, t.notified, t.viewed, t.bought, t.gallery_views, t.purchases, t.revenue]);
    assert.is(t.registered, 3, "the report's day holds the three participants");
  });

  test.run();
}
