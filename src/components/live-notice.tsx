import { Button } from './button.tsx';
import type { LiveList } from './use-live-list.ts';

/** "3 updated · Show" above a list while records changed elsewhere (useLiveList); nothing otherwise. */
export function LiveNotice({ live }: { live: LiveList }) {
  if (!live.count || !live.texts) return null;
  return (
    <div className="live-notice" role="status">
      <span>{live.texts.updated(live.count)}</span>
      <span aria-hidden="true"> · </span>
      <Button variant="link" onClick={live.show}>
        {live.texts.show()}
      </Button>
    </div>
  );
}
