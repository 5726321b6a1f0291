import '../../lib/messages/shell.ts';
import '../../lib/messages/organiser.ts';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import { DEFAULT_RETENTION_DAYS, type FaceSearchMode } from '../../common/contract/rules.ts';
import * as api from './api.ts';
import { formatDay, t } from '../../lib/i18n.ts';

/**
 * The Participants tab's Face search card (docs/participants.md "Face search"): mode (Off, With
 * consent), retention in days after the event's end date, consent version, Save; the purge day or
 * "Face search closed on <date>."; "Purge face data now" (asked first); the consent receipts count.
 * Once purged the card is read-only: the settings as they were and what the purge removed.
 */
export function FaceSearchCard({ eventId }: { eventId: number }) {
  const settings = useLoad(() => api.getFaceSearch(eventId), [eventId]);
  const consents = useLoad(() => api.getConsents(eventId), [eventId, settings.data]);
  const { busy, run } = useAction();
  const [mode, setMode] = useState<FaceSearchMode>('off');
  const [days, setDays] = useState(String(DEFAULT_RETENTION_DAYS));
  const [version, setVersion] = useState('');
  const [asking, setAsking] = useState(false);
  const s = settings.data;
  useEffect(() => {
    if (!s) return;
    setMode(s.mode);
    setDays(String(s.retention_days));
    setVersion(s.consent_version);
  }, [s]);

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    void run(() => api.saveFaceSearch(eventId, { mode, retention_days: days, consent_version: version }), { onSuccess: (r) => settings.setData(r.data) });
  };
  const purge = () =>
    void run(() => api.purgeFaceData(eventId), {
      onSuccess: (r) => {
        setAsking(false);
        settings.setData(r.data);
      },
    });
  const active = consents.data?.filter((c) => c.withdrawn_at == null).length ?? 0;

  return (
    <div className="card face-search-card">
      <h2 className="funnel-title">{t('organiser.faceSearch.title')}</h2>
      {s?.closed_on ? (
        <>
          <p className="face-search-state" role="status">
            {t('organiser.faceSearch.closedOn', { day: formatDay(s.closed_on) })}
          </p>
          <p>{t('organiser.faceSearch.purgeRemoved')}</p>
          <dl className="face-search-closed">
            <dt>{t('organiser.faceSearch.title')}</dt>
            <dd>{s.mode === 'off' ? t('organiser.faceSearch.off') : t('organiser.faceSearch.withConsent')}</dd>
            <dt>{t('organiser.faceSearch.retention')}</dt>
            <dd>{t('organiser.faceSearch.retentionDays', { days: s.retention_days })}</dd>
            <dt>{t('organiser.faceSearch.consentVersion')}</dt>
            <dd>{s.consent_version || t('organiser.faceSearch.none')}</dd>
          </dl>
        </>
      ) : (
        <p className="face-search-state muted">
          {s ? (s.mode === 'off' ? t('organiser.faceSearch.isOff') : t('organiser.faceSearch.offered', { date: s.purge_on })) : ''}
        </p>
      )}
      {!s?.closed_on && (
        <form className="face-search-form" onSubmit={save}>
          <label className="field">
            {t('organiser.faceSearch.title')}
            <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as FaceSearchMode)}>
              <option value="off">{t('organiser.faceSearch.off')}</option>
              <option value="consent">{t('organiser.faceSearch.withConsent')}</option>
            </select>
          </label>
          <label className="field">
            {t('organiser.faceSearch.retentionField')}
            <input name="retention_days" type="number" min={1} max={3650} value={days} onChange={(e) => setDays(e.target.value)} />
          </label>
          <label className="field">
            {t('organiser.faceSearch.consentVersion')}
            <input name="consent_version" maxLength={50} value={version} onChange={(e) => setVersion(e.target.value)} />
          </label>
          <Button type="submit" busy={busy}>
            {t('action.save')}
          </Button>
          <Button variant="danger" disabled={!s} onClick={() => setAsking(true)}>
            {t('organiser.faceSearch.purgeNow')}
          </Button>
        </form>
      )}
      <p className="muted">{t('organiser.faceSearch.receipts', { count: active })}</p>
      {asking && (
        <ConfirmModal
          title={t('organiser.faceSearch.purgeTitle')}
          text={t('organiser.faceSearch.purgeText')}
          confirmLabel={t('organiser.faceSearch.purge')}
          busy={busy}
          onConfirm={purge}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}
