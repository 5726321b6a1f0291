import { listEndpoints } from '../../components/list-endpoints.ts';
import type { ActivityRow } from '../../common/activity.ts';

/** GET activity with the list contract's params and its filters; export as activity.csv. */
export const activity = listEndpoints<ActivityRow>('activity', 'activity');
/** Filters the Activity list keeps in the address (the server's ACTIVITY_LIST filters). */
export const ACTIVITY_LIST = { sortable: [], filters: ['actor_id', 'action', 'resource', 'organizer_id', 'sign_ins', 'from', 'to'] } as const;
