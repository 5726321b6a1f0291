import { useMemo, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { useList } from '../../components/use-list.ts';
import { useFeedback } from '../../components/use-feedback.ts';
import * as api from './api.ts';

/**
 * The Users tab of conference campaigns (organiser-console §2, §4): Name, Email, Type, searchable
 * by participant name, sortable, exportable; attendees convert to speakers. No delete, so no bulk.
 */
export function ConferenceUsers({ campaignId }: { campaignId: number }) {
  const calls = useMemo(() => api.conferenceUsers(campaignId), [campaignId]);
  const list = useList(calls.list, api.CONFERENCE_USER_LIST, [campaignId]);
  const [busy, setBusy] = useState<number | null>(null);
  const { done, failed } = useFeedback();

  const convert = async (u: api.ConferenceUser) => {
    if (busy !== null) return;
    setBusy(u.user_id);
    try {
      done((await api.makeSpeaker(campaignId, u.user_id)).message);
      await list.reload();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="Users">
      <ListToolbar list={list} noun="user" searchLabel="Search participant name" onExport={() => calls.exportCsv(list.lq.params)} />
      <ListTable list={list} label={(u) => u.name} emptyText="No users yet." pagerLabel="User pages"
        columns={[{ header: 'Name', sort: 'name', cell: (u) => u.name }, { header: 'Email', sort: 'email', cell: (u) => u.email }, { header: 'Type', sort: 'type', cell: (u) => u.type }]}
        actions={(u) => u.type === 'attende' && (
          <Button variant="link" busy={busy === u.user_id} onClick={() => void convert(u)} aria-label={`Convert ${u.name} to speaker`}>Convert to speaker</Button>
        )} />
    </section>
  );
}
