import type { RecentMail } from './api.ts';

const STATUS: Record<string, string> = { waiting: 'Waiting', sent: 'Sent', failed: 'Failed', skipped: 'Not sent' };
const when = (ms: number) => new Date(ms).toLocaleString();

/**
 * The Email tab's outbox: how many e-mails wait (and why, when the saved settings
 * cannot send yet) and Recent e-mails — to, subject, status, attempts, last error; never a body.
 */
export function OutboxPanel({ outbox }: { outbox: { waiting: number; smtp_ready: boolean; recent: RecentMail[] } | null }) {
  if (!outbox) return null;
  const { waiting, smtp_ready: ready, recent } = outbox;
  return (
    <section className="outbox" aria-labelledby="recent-mails">
      <p className="outbox-waiting" role="status">
        {waiting === 0 ? 'No e-mails are waiting to be sent.' : `${waiting} ${waiting === 1 ? 'e-mail is' : 'e-mails are'} waiting to be sent.`}
        {!ready && ' Nothing is sent until SMTP Server, SMTP Email and SMTP Port are saved; e-mails wait and go out once the settings work.'}
      </p>
      <h3 id="recent-mails">Recent e-mails</h3>
      <table className="table">
        <thead>
          <tr>
            <th>To</th>
            <th>Subject</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>Last error</th>
            <th>When</th>
          </tr>
        </thead>
        <tbody>
          {recent.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                No e-mails yet.
              </td>
            </tr>
          )}
          {recent.map((m) => (
            <tr key={m.id}>
              <td>{m.to_address}</td>
              <td>{m.subject}</td>
              <td>{STATUS[m.status] ?? m.status}</td>
              <td>{m.attempts}</td>
              <td>{m.last_error}</td>
              <td>{when(m.sent_at ?? m.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
