import '../lib/messages/live.ts';
import { t } from '../lib/i18n.ts';
import { Button } from './button.tsx';
import type { LiveList } from './use-live-list.ts';

/** "3 updated · Show" above a list while records changed elsewhere (useLiveList); nothing otherwise. */
export function LiveNotice({ live }: { live: LiveList }) {
  if (!live.count) return null;
  return (
    <div className="live-notice" role="status">
      <span>{t('live.list.updated', { count: live.count })}</span>
      <span aria-hidden="true"> · </span>
      <Button variant="link" onClick={live.show}>
        {t('live.list.show')}
      </Button>
    </div>
  );
}
