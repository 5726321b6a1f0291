import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAction } from '../../components/use-action.ts';
import { DEFAULT_RETENTION_DAYS, faceSearchClosed, type FaceSearchMode } from '../../common/contract/rules.ts';
import * as api from './api.ts';

/** What a purge removed, said on the closed card. */
const PURGE_REMOVED =
  'The purge deleted the face data of this event at the photo-recognition service. Photos, participants and consent receipts stay; face search stays closed for good.';

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
      <h2 className="funnel-title">Face search</h2>
      {s?.closed_on ? (
        <>
          <p className="face-search-state" role="status">
            {faceSearchClosed(s.closed_on)}
          </p>
          <p>{PURGE_REMOVED}</p>
          <dl className="face-search-closed">
            <dt>Face search</dt>
            <dd>{s.mode === 'off' ? 'Off' : 'With consent'}</dd>
            <dt>Retention</dt>
            <dd>{`${s.retention_days} days after the event`}</dd>
            <dt>Consent version</dt>
            <dd>{s.consent_version || 'None'}</dd>
          </dl>
        </>
      ) : (
        <p className="face-search-state muted">
          {s ? (s.mode === 'off' ? 'Face search is off.' : `Offered to participants who consented; face data purged on ${s.purge_on}.`) : ''}
        </p>
      )}
      {!s?.closed_on && (
        <form className="face-search-form" onSubmit={save}>
          <label className="field">
            Face search
            <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as FaceSearchMode)}>
              <option value="off">Off</option>
              <option value="consent">With consent</option>
            </select>
          </label>
          <label className="field">
            Retention (days after the event)
            <input name="retention_days" type="number" min={1} max={3650} value={days} onChange={(e) => setDays(e.target.value)} />
          </label>
          <label className="field">
            Consent version
            <input name="consent_version" maxLength={50} value={version} onChange={(e) => setVersion(e.target.value)} />
          </label>
          <Button type="submit" busy={busy}>
            Save
          </Button>
          <Button variant="danger" disabled={!s} onClick={() => setAsking(true)}>
            Purge face data now
          </Button>
        </form>
      )}
      <p className="muted">
        {active} consent receipt{active === 1 ? '' : 's'} in force.
      </p>
      {asking && (
        <ConfirmModal
          title="Purge face data"
          text="The face data of this event is deleted at the photo-recognition service and face search closes for good."
          confirmLabel="Purge"
          busy={busy}
          onConfirm={purge}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}
