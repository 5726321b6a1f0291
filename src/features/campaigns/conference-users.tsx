import { useState } from 'react';
import { Pagination } from '../../components/pagination.tsx';
import { ListBody } from '../../components/list-states.tsx';
import { Button } from '../../components/button.tsx';
import { usePagedList } from '../../components/use-paged-list.ts';
import { useAction } from '../../components/use-action.ts';
import * as api from './api.ts';

/** The Users tab of conference campaigns (organiser-console §2, §4): Name, Email, Type; attendees convert to speakers. */
export function ConferenceUsers({ campaignId }: { campaignId: number }) {
  const list = usePagedList((page) => api.listConferenceUsers(campaignId, page), [campaignId]);
  const [target, setTarget] = useState<number | null>(null);
  const { busy, run } = useAction();

  const convert = (u: api.ConferenceUser) => {
    if (busy) return;
    setTarget(u.user_id);
    void run(() => api.makeSpeaker(campaignId, u.user_id), { onSuccess: () => void list.reload() });
  };

  return (
    <section aria-label="Users">
      <div className="table-wrap">
        <table className="table" aria-busy={list.loading}>
          <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Type</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
          <ListBody list={list} colSpan={4} emptyText="No users yet.">
            {list.rows.map((u) => (
              <tr key={u.id}>
                <td>{u.name}</td><td>{u.email}</td><td>{u.type}</td>
                <td className="actions">
                  {u.type === 'attende' && (
                    <Button variant="link" busy={busy && target === u.user_id} onClick={() => convert(u)} aria-label={`Convert ${u.name} to speaker`}>Convert to speaker</Button>
                  )}
                </td>
              </tr>
            ))}
          </ListBody>
        </table>
      </div>
      <Pagination page={list.page} lastPage={list.lastPage} onChange={list.setPage} label="User pages" />
    </section>
  );
}
