import { Redirect } from 'wouter';
import { useSession } from '../providers/session.tsx';

/**
 * Mount point of the organiser console (organiser-console §2), /admin/organizer/{company_id}/*.
 * The console itself arrives with issue 4.
 */
export default function OrganiserApp() {
  const { state } = useSession();
  if (!state.token) return <Redirect to="~/login" replace />;
  return <main className="content"><h1>Organizer</h1><p className="muted">The organiser console is being built.</p></main>;
}
