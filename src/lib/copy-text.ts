import './messages/shell.ts';
import { t } from './i18n.ts';
/** The spec's feedback after a copy (admin-area §9 success toasts: "Copied to clipboard !"), in the reader's language. */
export const copied = () => t('action.copied');

/** Puts `text` on the clipboard; falls back to a hidden textarea where the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    /* not allowed here: fall back */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'sr-only';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('The clipboard is not available.');
}
