import '../../lib/messages/shell.ts';
import { t } from '../../lib/i18n.ts';

/** Shown in the footer of both shells (admin-area §2: version and a copyright year of 2020); test/unit/prerendered-shell.test.tsx keeps it equal to package.json's version. */
export const APP_VERSION = '0.2.0';

/** The footer of both shells: copyright and the console version. */
export function ShellFooter() {
  return (
    <footer className="footer">
      <span>{t('app.version', { version: APP_VERSION })}</span>
      <span>{t('app.copyright')}</span>
    </footer>
  );
}
