import SettingsScreen from '../features/settings/settings-screen.tsx';
import { useAbilities } from '../components/use-abilities.ts';
import { lazyPart } from '../components/lazy-part.tsx';
import { Loading } from '../components/loading.tsx';

/**
 * The webhooks panel as a chunk of its own (not announced with /admin/settings): only
 * administrators fetch it, as the settings first render, and see Loading… in its place until it arrives.
 */
const WebhooksPanel = lazyPart(() => import('../features/webhooks/webhooks-panel.tsx').then((m) => m.WebhooksPanel), <Loading />);
/** The platform's report schedules, a chunk of its own for administrators too (docs/reports.md). */
const ReportsPanel = lazyPart(() => import('../features/reports/reports-panel.tsx').then((m) => m.ReportsPanel));

/**
 * Settings (admin-area §3) with, for administrators, the platform's webhook endpoints (docs/webhooks.md
 * "Who has endpoints") and report schedules (docs/reports.md) below its tabs: composed here so no
 * feature imports another.
 */
export default function SettingsAndWebhooks() {
  const { holder } = useAbilities();
  return (
    <>
      <SettingsScreen />
      {holder.isAdmin && <WebhooksPanel platform />}
      {holder.isAdmin && <ReportsPanel companyId={null} />}
    </>
  );
}
