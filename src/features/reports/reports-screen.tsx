import '../../lib/messages/shell.ts';
import '../../lib/messages/reports.ts';
import { useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useSession } from '../../providers/session.tsx';
import { t } from '../../lib/i18n.ts';
import { lazyPart } from '../../components/lazy-part.tsx';

// The panel is also the administrators' (Settings → Reports), a part loaded on its own: imported
// here directly, it would bring the administrators' console along (build.mjs).
const ReportsPanel = lazyPart(() => import('./reports-panel.tsx').then((m) => m.ReportsPanel));

/**
 * The organiser console's Reports (/admin/organizer/{id}/reports; docs/reports.md): the
 * organiser's own report schedules for its users. Staff looking at an organiser's console are
 * told where theirs are (Settings → Reports): a schedule belongs to whoever's organiser made it.
 */
export default function ReportsScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const { state } = useSession();
  useDocumentTitle(t('reports.title'));
  const own = state.role === 'company' && state.companyId === companyId;
  return (
    <>
      <PageHeader title={t('reports.title')} crumbs={[{ label: t('nav.home'), href: `~/admin/organizer/${companyId}` }, { label: t('reports.title') }]} />
      {own ? <ReportsPanel companyId={Number(companyId)} titleShown={false} /> : <p className="card">{t('reports.staffNote')}</p>}
    </>
  );
}
