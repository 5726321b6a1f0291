import type { Migration } from './migration.ts';
import core from './001-core.ts';
import { stableIds } from './002-stable-ids.ts';
import abilities from './003-abilities.ts';

export type { Migration };

import storedFiles from './004-stored-files.ts';
import lookupIndexes from './005-lookup-indexes.ts';
import listIndexes from './006-list-indexes.ts';
import listSearch from './007-list-search.ts';
import { campaignSettings } from './008-campaign-settings.ts';
import importJobs from './009-import-jobs.ts';
import userCount from './010-user-count.ts';
import loginThrottle from './011-login-throttle.ts';
import importJobLeases from './012-import-job-leases.ts';
import mail from './017-mail.ts';
import userImportJob from './018-user-import-job.ts';
import activity from './019-activity.ts';
import linkThrottle from './017-link-throttle.ts';
import activitySearch from './020-activity-search.ts';
import storageQuota from './013-storage-quota.ts';
import importUndo from './021-import-undo.ts';
import participantPayments from './014-participant-payments.ts';

/** Ordered schema migrations; each runs once, in its own transaction, at start. Append only. */
export const migrations: Migration[] = [
  { id: '001-core', sql: core },
  stableIds,
  { id: '003-abilities', sql: abilities },
  { id: '004-stored-files', sql: storedFiles },
  { id: '005-lookup-indexes', sql: lookupIndexes },
  { id: '006-list-indexes', sql: listIndexes },
  { id: '007-list-search', sql: listSearch },
  campaignSettings,
  { id: '009-import-jobs', sql: importJobs },
  { id: '010-user-count', sql: userCount },
  { id: '011-login-throttle', sql: loginThrottle },
  { id: '017-mail', sql: mail },
  { id: '018-user-import-job', sql: userImportJob },
  { id: '019-activity', sql: activity },
  { id: '017-link-throttle', sql: linkThrottle },
  { id: '012-import-job-leases', sql: importJobLeases },
  { id: '020-activity-search', sql: activitySearch },
  { id: '013-storage-quota', sql: storageQuota },
  { id: '021-import-undo', sql: importUndo },
  { id: '014-participant-payments', sql: participantPayments },
];
