import '../../lib/messages/shell.ts';
import '../../lib/messages/webhooks.ts';
import { useParams } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useSession } from '../../providers/session.tsx';
import { t } from '../../lib/i18n.ts';
import { lazyPart } from '../../components/lazy-part.tsx';

// The panel is also the administrators' (Settings → Webhooks), a part loaded on its own: imported
// here directly, it would bring the administrators' console along (build.mjs).
const WebhooksPanel = lazyPart(() => import('./webhooks-panel.tsx').then((m) => m.WebhooksPanel));

/**
 * The organiser console's Webhooks (/admin/organizer/{id}/webhooks; docs/webhooks.md): the
 * organiser's own endpoints for its users. Staff looking at an organiser's console are told where
 * theirs are (Settings → Webhooks): an endpoint belongs to whoever made it, never to a viewer.
 */
export default function WebhooksScreen() {
  const { companyId } = useParams<{ companyId: string }>();
  const { state } = useSession();
  useDocumentTitle(t('webhooks.title'));
  const own = state.role === 'company' && state.companyId === companyId;
  return (
    <>
      <PageHeader title={t('webhooks.title')} crumbs={[{ label: t('nav.home'), href: `~/admin/organizer/${companyId}` }, { label: t('webhooks.title') }]} />
      {own ? <WebhooksPanel platform={false} titleShown={false} /> : <p className="card">{t('webhooks.staffNote')}</p>}
    </>
  );
}
