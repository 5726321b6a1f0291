import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { Pagination } from '../../components/pagination.tsx';
import { ListBody } from '../../components/list-states.tsx';
import { Button } from '../../components/button.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { VideoPreview } from './video-preview.tsx';
import * as api from './api.ts';

/** Sub-tabs of Uploaded Videos and their status codes (organiser-console §2, §4). */
export const VIDEO_TABS = [['Pending', 1], ['Accepted', 4], ['Rejected', 3], ['Live', 2]] as const;

/** The Uploads tab: Uploaded Videos by status, 5 a page, each with a view action opening the preview. */
export function VideoUploads({ campaignId }: { campaignId: number }) {
  const [params, setParams] = useSearchParams();
  const status = Number(params.get('status')) || 1;
  const list = usePagedList((page) => api.listVideos(campaignId, status, page), [campaignId, status]);
  const [viewing, setViewing] = useState<api.ParticipantVideo | null>(null);
  const pick = (s: number) => setParams((prev) => { const n = new URLSearchParams(prev); n.set('status', String(s)); n.delete('page'); return n; });

  return (
    <section aria-labelledby="uploads-heading">
      <h2 id="uploads-heading" className="section-title">Uploaded Videos</h2>
      <div className="tabs sub-tabs" role="tablist" aria-label="Video status">
        {VIDEO_TABS.map(([label, s]) => (
          <button key={s} type="button" role="tab" className="tab" aria-selected={status === s} onClick={() => pick(s)}>{label}</button>
        ))}
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={list.loading}>
          <thead><tr><th scope="col">Name</th><th scope="col">Age</th><th scope="col">District</th><th scope="col">School</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
          <ListBody list={list} colSpan={5} emptyText="No videos here.">
            {list.rows.map((v) => (
              <tr key={v.id}>
                <td>{v.name}</td><td>{v.age ?? ''}</td><td>{v.district}</td><td>{v.school_name}</td>
                <td className="actions"><Button variant="link" onClick={() => setViewing(v)} aria-label={`View video of ${v.name}`}>View</Button></td>
              </tr>
            ))}
          </ListBody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} label="Video pages" />
      {viewing && <VideoPreview video={viewing} onClose={() => setViewing(null)} onChanged={() => { setViewing(null); void list.reload(); }} />}
    </section>
  );
}
