import SettingsScreen from '../features/settings/settings-screen.tsx';
import { useAbilities } from '../components/use-abilities.ts';
import { lazyPart } from '../components/lazy-part.tsx';

/** The webhooks panel as a chunk of its own: only administrators fetch it, after the settings' first paint. */
const WebhooksPanel = lazyPart(() => import('../features/webhooks/webhooks-panel.tsx').then((m) => m.WebhooksPanel));

/**
 * Settings (admin-area §3) with, for administrators, the platform's webhook endpoints below its
 * tabs (docs/webhooks.md "Who has endpoints"): composed here so neither feature imports the other.
 */
export default function SettingsAndWebhooks() {
  const { holder } = useAbilities();
  return (
    <>
      <SettingsScreen />
      {holder.isAdmin && <WebhooksPanel platform />}
    </>
  );
}
