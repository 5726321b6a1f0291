import { apiData, awaitImportJob, fmt, session, spawnServer } from './lib.ts';

/**
 * Bench: POST /api/user/import with a 50,000-row users sheet whose password column
 * is blank, so every row is an invitation (no password hashed at import time, each invitation
 * queued in the outbox in the import's transaction). Prints the time to the answer and to the
 * job's end (the write), and how many invitations wait in the outbox (no SMTP settings in the
 * bench, so none is sent). Target: the write under 60 s. The bundled server, SQLite.
 * Run alone: `npm run bench -- invitations`.
 */
const ROWS = 50_000;

export async function invitationImportBench(rows = ROWS) {
  const server = await spawnServer();
  try {
    const { headers } = await session(server.url);
    const api = `${server.url}/api`;
    const lines = ['name,email,password,role'];
    for (let i = 1; i <= rows; i++) lines.push(`Invitee ${i},invitee${i}@example.com,,admin`);
    const form = new FormData();
    form.append('file', new File([lines.join('\n') + '\n'], 'invitations.csv', { type: 'text/csv' }));
    const t0 = performance.now();
    const { job_id: jobId } = await apiData(`${api}/user/import`, headers, 'POST', form);
    const accepted = (performance.now() - t0) / 1000;
    const job = await awaitImportJob(api, headers, jobId, 100);
    const seconds = (performance.now() - t0) / 1000;
    const outbox = await apiData(`${api}/settings/email/outbox`, headers, 'GET');
    console.log(`\n## Invitation import: POST /api/user/import, ${rows.toLocaleString('en-US')} rows with a blank password`);
    console.log(
      `rows written: ${job.rows_written.toLocaleString('en-US')}; passwords hashed: ${job.passwords_total}; invitations waiting in the outbox: ${outbox.waiting.toLocaleString('en-US')}`,
    );
    console.log(
      `answer (sheet checked, job started): ${fmt(accepted, 2)} s; write done: ${fmt(seconds, 2)} s (target < 60 s: ${seconds < 60 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('invitation-import.ts')) await invitationImportBench();
