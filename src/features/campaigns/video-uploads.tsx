import '../../lib/messages/campaigns.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { BulkBar, type BulkAction } from '../../components/bulk-bar.tsx';
import { useList } from '../../components/use-list.ts';
import { useLoad } from '../../components/use-load.ts';
import { useLiveList } from '../../components/use-live-list.ts';
import { VideoPreview } from './video-preview.tsx';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { t } from '../../lib/i18n.ts';
import * as api from './videos-api.ts';

/** Sub-tabs of Uploaded Videos (the catalog keys of their names) and their status codes (organiser-console §2, §4). */
export const VIDEO_TABS = [
  ['campaigns.videos.pending', 1],
  ['campaigns.videos.accepted', 4],
  ['campaigns.videos.rejected', 3],
  ['campaigns.videos.live', 2],
] as const satisfies readonly (readonly [MessageKey, number])[];
const LIVE = 2;

/** A sub-tab's label with its count when known: "Pending (31)". */
export const tabLabel = (label: string, count: number | undefined) => (count === undefined ? label : t('campaigns.videos.tabCount', { label, count }));

/**
 * The Uploads tab: Uploaded Videos by status, 5 a page (or the chosen page size), searchable by
 * participant name and sortable; each sub-tab shows how many videos it holds, counted again
 * after every load of the list (so after each decision). Each row's view action opens the
 * preview, where "Accept & next" moves on to the following video; `?video=<id>` in the address
 * (the dashboard's waiting-video link) opens that video's preview. Selected videos are accepted
 * or rejected in one request (not on Live, which is never moderated). The tab counts are counted
 * again when a video changes elsewhere (the change stream), without moving the rows shown.
 */
export function VideoUploads({ campaignId }: { campaignId: number }) {
  const [params, setParams] = useSearchParams();
  const status = Number(params.get('status')) || 1;
  const calls = useMemo(() => api.videos(campaignId, status), [campaignId, status]);
  const list = useList(calls.list, api.VIDEO_LIST, [campaignId, status]);
  const [viewing, setViewing] = useState<api.ParticipantVideo | null>(null);
  const counts = useLoad(() => api.getVideoCounts(campaignId), [campaignId]);
  // Every finished load of the list (a decision, a bulk action, a page) counts the tabs again.
  const loads = useRef(0);
  const { retry: recount } = counts;
  useEffect(() => {
    if (!list.loading && loads.current++ > 0) recount();
  }, [list.loading, recount]);
  // A video moderated or uploaded elsewhere counts the tabs again on its own (docs/live.md).
  useLiveList('videos', list, { onChange: recount });
  // A linked video (?video=) opens once; closing its preview takes it out of the address.
  const linked = Number(params.get('video')) || null;
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!linked || shown.current === linked) return;
    shown.current = linked;
    api.getVideo(linked).then(setViewing, (err) => console.error(err));
  }, [linked]);
  const close = () => {
    setViewing(null);
    if (params.has('video'))
      setParams(
        (prev) => {
          const n = new URLSearchParams(prev);
          n.delete('video');
          return n;
        },
        { replace: true },
      );
  };
  // A new tab starts unsearched on page 1; other address state (the campaign's ?tab=) stays.
  const pick = (s: number) =>
    setParams((prev) => {
      const n = new URLSearchParams(prev);
      for (const k of ['page', 'q', 'sort', 'dir', 'video']) n.delete(k);
      n.set('status', String(s));
      return n;
    });
  const moderation = (to: 3 | 4): BulkAction => ({
    label: to === 4 ? t('campaigns.videos.acceptSelected') : t('campaigns.videos.rejectSelected'),
    title: to === 4 ? t('campaigns.videos.acceptTitle') : t('campaigns.videos.rejectTitle'),
    danger: to === 3,
    confirm: (n) => (to === 4 ? t('campaigns.videos.acceptConfirm', { count: n }) : t('campaigns.videos.rejectConfirm', { count: n })),
    run: (s, p) => calls.bulkStatus(s, p, to),
  });
  // The row after the one shown; for a linked video not on this page, the page's first other row.
  const at = viewing ? list.rows.findIndex((v) => v.id === viewing.id) : -1;
  const next = viewing && (at >= 0 ? list.rows[at + 1] : list.rows.find((v) => v.id !== viewing.id));

  return (
    <section aria-labelledby="uploads-heading">
      <h2 id="uploads-heading" className="section-title">
        {t('campaigns.videos.title')}
      </h2>
      <div className="tabs sub-tabs" role="tablist" aria-label={t('campaigns.videos.statusTabs')}>
        {VIDEO_TABS.map(([label, s]) => (
          <button key={s} type="button" role="tab" className="tab" aria-selected={status === s} onClick={() => pick(s)}>
            {tabLabel(t(label), counts.data?.[s])}
          </button>
        ))}
      </div>
      <ListToolbar list={list} noun="video" searchLabel={t('campaigns.videos.search')} onExport={(format) => calls.exportList(list.lq.params, format)}>
        {status !== LIVE && <BulkBar list={list} noun="video" actions={[moderation(4), moderation(3)]} />}
      </ListToolbar>
      <ListTable
        list={list}
        selectable={status !== LIVE}
        label={(v) => v.name}
        emptyText={t('campaigns.videos.empty')}
        pagerLabel={t('campaigns.videos.pages')}
        columns={[
          { header: t('campaigns.videos.name'), sort: 'name', cell: (v) => v.name },
          { header: t('campaigns.videos.age'), sort: 'age', cell: (v) => v.age ?? '' },
          { header: t('campaigns.videos.district'), sort: 'district', cell: (v) => v.district },
          { header: t('campaigns.videos.school'), sort: 'school_name', cell: (v) => v.school_name },
        ]}
        actions={(v) => (
          <Button variant="link" onClick={() => setViewing(v)} aria-label={t('campaigns.videos.viewNamed', { name: v.name })}>
            {t('campaigns.videos.view')}
          </Button>
        )}
      />
      {viewing && (
        <VideoPreview
          key={viewing.id}
          video={viewing}
          onClose={close}
          onChanged={(andNext) => {
            if (andNext && next) setViewing(next);
            else close();
            void list.reload();
          }}
          hasNext={!!next}
        />
      )}
    </section>
  );
}
