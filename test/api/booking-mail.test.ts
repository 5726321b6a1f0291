import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApi, type TestApi } from './harness.ts';
import { makeOrganiser, type TestOrganiser } from './organiser-fixtures.ts';
import { startReceiver, receiverSettings, type Receiver } from './smtp-receiver.ts';
import { insertBooking } from '../../server/db/queries/bookings.ts';

// Accepting a booking e-mails the participant its token; rejecting e-mails the decision.
let api: TestApi;
let rx: Receiver;
let A: TestOrganiser;
test.before(async () => {
  api = await startTestApi({ mail: { pollMs: 50, retryBaseMs: 200 } });
  rx = await startReceiver();
  const admin = await api.login();
  assert.is(
    (
      await api.call('PUT', 'settings', {
        token: admin,
        form: { logo: '', name: 'Events Inc', primary_mail: '', sales_mail: '', phone: '', address: '', ...receiverSettings(rx) },
      })
    ).status,
    200,
  );
  A = await makeOrganiser(api, 'Mailbook', 0);
});
test.after(async () => {
  await api.stop();
  await rx.stop();
});

const request = (email: string, name = 'Pat Participant') =>
  insertBooking(api.sql, { companyId: A.companyId, date: '2031-06-02', name, email, phone: '555', status: 0, token: null });
const to = (m: { to?: unknown }) => (m.to as { value: { address: string }[] } | undefined)?.value[0]?.address ?? '';

test('accept: the participant gets its token, once; reject: the decision', async () => {
  const id = await request('pat@example.org');
  const seen = rx.messages.length;
  const r = await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status: '1' } });
  assert.is(r.status, 200);
  const m = await rx.waitFor((x) => to(x) === 'pat@example.org', 10_000, seen);
  assert.is(m.subject, 'Your booking for 2031-06-02 is confirmed');
  assert.ok(m.text?.includes(`Your booking token is: ${r.body.data.token}`), m.text);
  assert.is(m.from?.value[0].name, 'Events Inc');
  assert.is(m.headers.get('content-language'), 'en');
  assert.is(
    m.text,
    `Hello Pat Participant,\nOrganiser Mailbook accepted your booking for 2031-06-02.\nYour booking token is: ${r.body.data.token}\nShow it when you arrive.\n\n— Events Inc`,
  );
  // Answering again changes nothing and sends nothing.
  assert.is((await api.call('PUT', `organiser/booking/${id}`, { token: A.token, form: { status: '2' } })).status, 409);

  const no = await request('sam@example.org', 'Sam');
  assert.is((await api.call('PUT', `organiser/booking/${no}`, { token: A.token, form: { status: '2' } })).status, 200);
  const d = await rx.waitFor((x) => to(x) === 'sam@example.org', 10_000, seen);
  assert.is(d.subject, 'Your booking for 2031-06-02 was not accepted');
  assert.not.match(d.text ?? '', /token/i);
  await new Promise((res) => setTimeout(res, 300));
  assert.is(rx.messages.slice(seen).filter((x) => to(x) === 'pat@example.org').length, 1, 'exactly one e-mail to pat');
});

test('bulk accept e-mails each participant in the same transaction; a booking without an address gets none', async () => {
  const ids = [await request('b1@example.org'), await request('b2@example.org'), await request('not-an-address')];
  const before = Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'booking'"))!.n);
  const seen = rx.messages.length;
  const r = await api.call('POST', 'organiser/bookings/bulk-status', {
    token: A.token,
    form: { company_id: String(A.companyId), status: '1', ids: JSON.stringify(ids) },
  });
  assert.is(r.status, 200, JSON.stringify(r.body));
  await rx.waitFor((x) => to(x) === 'b1@example.org', 10_000, seen);
  await rx.waitFor((x) => to(x) === 'b2@example.org', 10_000, seen);
  assert.is(Number((await api.sql.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'booking'"))!.n) - before, 2);
});

test("a booking on the day of an event is answered in the participant's language, else the event's, with Content-Language", async () => {
  const event = (await api.call('GET', `event/${A.eventId}`, { token: A.token })).body.data as { title: string; start_date: string };
  const fr = await api.call('PUT', `event/${A.eventId}`, { token: A.token, form: { title: event.title, event_logo: ' ', language: 'fr' } });
  assert.is(fr.status, 200, JSON.stringify(fr.body));
  const runner = await api.call('POST', `event/${A.eventId}/participant`, {
    token: A.token,
    form: { bib_number: '7', name: 'Ana', email: 'Ana@example.org', face_consent: 'no', language: 'es' },
  });
  assert.is(runner.status, 200, JSON.stringify(runner.body));
  const day = event.start_date;
  const [y, m, d] = day.split('-').map(Number);
  const long = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
  const seen = rx.messages.length;
  const claire = await insertBooking(api.sql, {
    companyId: A.companyId,
    date: day,
    name: 'Claire',
    email: 'claire@example.org',
    phone: '1',
    status: 0,
    token: null,
  });
  const r = await api.call('PUT', `organiser/booking/${claire}`, { token: A.token, form: { status: '1' } });
  assert.is(r.status, 200, JSON.stringify(r.body));
  const yes = await rx.waitFor((x) => to(x) === 'claire@example.org', 10_000, seen);
  assert.is(yes.subject, `Votre réservation du ${long('fr')} est confirmée`);
  assert.is(yes.headers.get('content-language'), 'fr');
  assert.match(
    yes.text ?? '',
    `Bonjour Claire,\nOrganiser Mailbook a accepté votre réservation du ${long('fr')}.\nVotre code de réservation : ${r.body.data.token}\nPrésentez-le à votre arrivée.`,
  );
  const ana = await insertBooking(api.sql, { companyId: A.companyId, date: day, name: 'Ana', email: 'ana@example.org', phone: '2', status: 0, token: null });
  assert.is((await api.call('PUT', `organiser/booking/${ana}`, { token: A.token, form: { status: '2' } })).status, 200);
  const no = await rx.waitFor((x) => to(x) === 'ana@example.org', 10_000, seen);
  assert.is(no.subject, `Su reserva del ${long('es')} no fue aceptada`);
  assert.is(no.headers.get('content-language'), 'es');
  assert.match(no.text ?? '', 'Puede solicitar otra fecha cuando quiera.');
});

test.run();
