import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useAction } from '../../components/use-action.ts';
import { dropboxPlayable, embedUrl } from './video-links.ts';
import * as api from './api.ts';

const LIVE = 2;

/**
 * Video Preview (organiser-console §2, §4): the video in a player (Dropbox links made playable),
 * or a live video in an embedded frame; Reject and Accept after a confirmation, hidden for
 * live videos; "Accept & next" (when `hasNext`) accepts at once and asks for the next video.
 * `onChanged(andNext)` runs after a successful moderation.
 */
export function VideoPreview({ video, onClose, onChanged, hasNext }: {
  video: api.ParticipantVideo; onClose: () => void; onChanged: (andNext: boolean) => void; hasNext?: boolean;
}) {
  const [confirm, setConfirm] = useState<3 | 4 | null>(null);
  const { busy, run } = useAction();
  const live = video.status === LIVE;

  // "Accept & next" is the one-click path through a queue: it asks no confirmation.
  const moderate = (to: 3 | 4 | null = confirm, andNext = false) => {
    if (to !== null) void run(() => api.updateVideo(video.id, to), { onSuccess: () => { setConfirm(null); onChanged(andNext); } });
  };

  return (
    <>
      <Modal title="Video Preview" size="lg" onClose={onClose} footer={
        <>
          <Button variant="secondary" onClick={onClose}>Close</Button>
          {!live && <Button variant="danger" onClick={() => setConfirm(3)}>Reject</Button>}
          {!live && <Button variant="success" onClick={() => setConfirm(4)}>Accept</Button>}
          {!live && hasNext && <Button variant="success" busy={busy && confirm === null} onClick={() => void moderate(4, true)}>Accept &amp; next</Button>}
        </>
      }>
        <p className="video-meta"><strong>{video.name}</strong>{video.school_name ? ` · ${video.school_name}` : ''}{video.district ? ` · ${video.district}` : ''}</p>
        <div className="video-frame">
          {live
            ? <iframe src={embedUrl(video.video_url)} title={`Live video of ${video.name}`} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
            : <video src={dropboxPlayable(video.dropbox_shareable_link)} controls preload="metadata" aria-label={`Video of ${video.name}`} />}
        </div>
      </Modal>
      {confirm !== null && (
        <ConfirmModal title={confirm === 3 ? 'Reject video' : 'Accept video'} danger={confirm === 3} busy={busy}
          text={`Are you sure that you want to ${confirm === 3 ? 'reject' : 'accept'} this video?`}
          onConfirm={moderate} onClose={() => setConfirm(null)} />
      )}
    </>
  );
}
