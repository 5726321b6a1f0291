import { useCallback, useState } from 'react';
import { DiscardPrompt } from './modal.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';

/**
 * For a form that is a page rather than a modal (Settings, Profile, the template wizard): while
 * `dirty`, leaving by a link, Back or closing the tab asks first with the modals' one
 * Discard confirm. Renders nothing until asked.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  useLeaveGuard(
    dirty,
    useCallback((proceed: () => void) => setPending(() => proceed), []),
  );
  return pending ? (
    <DiscardPrompt
      onKeep={() => setPending(null)}
      onDiscard={() => {
        setPending(null);
        pending();
      }}
    />
  ) : null;
}
