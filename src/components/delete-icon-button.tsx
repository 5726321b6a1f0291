import '../lib/messages/shell.ts';
import { TrashIcon } from './icons.tsx';
import { t } from '../lib/i18n.ts';

/**
 * A row's Delete as a trash icon: accessible name "Delete <name>", tooltip "Delete"; `className`
 * gives the screen's look. Not in button.tsx: the sign-in page loads Button, and the icons (with
 * the declared screens they are drawn for) stay out of its script.
 */
export function DeleteIconButton({ name, onClick, className }: { name: string; onClick: () => void; className: string }) {
  return (
    <button type="button" className={className} onClick={onClick} aria-label={t('action.deleteNamed', { name })} title={t('action.delete')}>
      <TrashIcon size={18} />
    </button>
  );
}
