import { t } from '../lib/i18n.ts';

/** The one "Loading…" line with its spinner (a route, a modal's content), announced as a status. */
export const Loading = () => (
  <p className="muted loading-line" role="status">
    <span className="spinner" aria-hidden="true" /> {t('app.loading')}
  </p>
);
