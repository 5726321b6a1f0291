import '../../lib/messages/campaigns.ts';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { useList } from '../../components/use-list.ts';
import { useAction } from '../../components/use-action.ts';
import { t } from '../../lib/i18n.ts';
import * as api from './conference-api.ts';

/** The stored conference user type (organiser-console §3: 'attende' or 'speaker') in words; an unknown value as stored. */
export const typeLabel = (type: string) => (type === 'attende' ? t('campaigns.users.attendee') : type === 'speaker' ? t('campaigns.users.speaker') : type);

/**
 * The Users tab of conference campaigns (organiser-console §2, §4): Name, Email, Type, searchable
 * by participant name, sortable, exportable; attendees convert to speakers. No delete, so no bulk.
 */
export function ConferenceUsers({ campaignId }: { campaignId: number }) {
  const calls = useMemo(() => api.conferenceUsers(campaignId), [campaignId]);
  const list = useList(calls.list, api.CONFERENCE_USER_LIST, [campaignId]);
  const [target, setTarget] = useState<number | null>(null);
  const { busy, run } = useAction();

  const convert = (u: api.ConferenceUser) => {
    if (busy) return;
    setTarget(u.user_id);
    void run(() => api.makeSpeaker(campaignId, u.user_id), { onSuccess: () => void list.reload() });
  };

  return (
    <section aria-label={t('campaigns.users.label')}>
      <ListToolbar list={list} noun="user" searchLabel={t('campaigns.users.search')} onExport={(format) => calls.exportList(list.lq.params, format)} />
      <ListTable
        list={list}
        label={(u) => u.name}
        emptyText={t('campaigns.users.empty')}
        pagerLabel={t('campaigns.users.pages')}
        columns={[
          { header: t('campaigns.users.name'), sort: 'name', cell: (u) => u.name },
          { header: t('campaigns.users.email'), sort: 'email', cell: (u) => u.email },
          { header: t('campaigns.users.type'), sort: 'type', cell: (u) => typeLabel(u.type) },
        ]}
        actions={(u) =>
          u.type === 'attende' && (
            <Button
              variant="link"
              busy={busy && target === u.user_id}
              onClick={() => convert(u)}
              aria-label={t('campaigns.users.convertNamed', { name: u.name })}
            >
              {t('campaigns.users.convert')}
            </Button>
          )
        }
      />
    </section>
  );
}
