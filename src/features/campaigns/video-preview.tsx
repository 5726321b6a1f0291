import '../../lib/messages/shell.ts';
import '../../lib/messages/campaigns.ts';
import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useAction } from '../../components/use-action.ts';
import { dropboxPlayable, embedUrl } from './video-links.ts';
import { t } from '../../lib/i18n.ts';
import * as api from './videos-api.ts';

const LIVE = 2;

/**
 * Video Preview (organiser-console §2, §4): the video in a player (Dropbox links made playable),
 * or a live video in an embedded frame; Reject and Accept after a confirmation, hidden for
 * live videos; "Accept & next" (when `hasNext`) asks the same confirmation as Accept, then
 * accepts and asks for the next video. `onChanged(andNext)` runs after a successful moderation.
 */
export function VideoPreview({
  video,
  onClose,
  onChanged,
  hasNext,
}: {
  video: api.ParticipantVideo;
  onClose: () => void;
  onChanged: (andNext: boolean) => void;
  hasNext?: boolean;
}) {
  // The moderation waiting for its confirmation: reject (3) or accept (4), and whether the next video opens after it.
  const [confirm, setConfirm] = useState<{ to: 3 | 4; andNext: boolean } | null>(null);
  const { busy, run } = useAction();
  const live = video.status === LIVE;

  const moderate = () => {
    if (confirm)
      void run(() => api.updateVideo(video.id, confirm.to), {
        onSuccess: () => {
          setConfirm(null);
          onChanged(confirm.andNext);
        },
      });
  };

  return (
    <>
      <Modal
        title={t('campaigns.preview.title')}
        size="lg"
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('action.close')}
            </Button>
            {!live && (
              <Button variant="danger" onClick={() => setConfirm({ to: 3, andNext: false })}>
                {t('campaigns.preview.reject')}
              </Button>
            )}
            {!live && (
              <Button variant="success" onClick={() => setConfirm({ to: 4, andNext: false })}>
                {t('campaigns.preview.accept')}
              </Button>
            )}
            {!live && hasNext && (
              <Button variant="success" onClick={() => setConfirm({ to: 4, andNext: true })}>
                {t('campaigns.preview.acceptNext')}
              </Button>
            )}
          </>
        }
      >
        <p className="video-meta">
          <strong>{video.name}</strong>
          {video.school_name ? ` · ${video.school_name}` : ''}
          {video.district ? ` · ${video.district}` : ''}
        </p>
        <div className="video-frame">
          {live ? (
            <iframe
              src={embedUrl(video.video_url)}
              title={t('campaigns.preview.liveOf', { name: video.name })}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
            />
          ) : (
            <video
              src={dropboxPlayable(video.dropbox_shareable_link)}
              controls
              preload="metadata"
              aria-label={t('campaigns.preview.videoOf', { name: video.name })}
            />
          )}
        </div>
      </Modal>
      {confirm !== null && (
        <ConfirmModal
          title={confirm.to === 3 ? t('campaigns.preview.rejectTitle') : t('campaigns.preview.acceptTitle')}
          danger={confirm.to === 3}
          busy={busy}
          text={confirm.to === 3 ? t('campaigns.preview.rejectText') : t('campaigns.preview.acceptText')}
          onConfirm={moderate}
          onClose={() => setConfirm(null)}
        />
      )}
    </>
  );
}
