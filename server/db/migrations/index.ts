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
import changeNotices from './022-change-notices.ts';
import rowBuckets from './023-row-buckets.ts';
import photoBytesAndPendingSignIns from './024-photo-bytes-and-pending-sign-ins.ts';
import twoStep from './025-two-step.ts';
import participants from './026-participants.ts';
import closures from './027-closures.ts';
import faceSearch from './028-face-search.ts';
import participantMatches from './029-participant-matches.ts';
import participantImports from './030-participant-imports.ts';
import participantFunnels from './031-participant-funnels.ts';
import noChangeNotices from './032-no-change-notices.ts';
import emailSettingsGuard from './034-email-settings-guard.ts';
import twoStepLock from './035-two-step-lock.ts';
import faceReceipts from './036-face-receipts.ts';
import organiserTimeZone from './037-organiser-time-zone.ts';
import userLanguage from './038-user-language.ts';
import recordVersions from './042-record-versions.ts';
import webhooks from './040-webhooks.ts';
import insightRollUps from './041-insight-roll-ups.ts';
import apiTokens from './039-api-tokens.ts';
import participantLanguage from './043-participant-language.ts';
import reportSchedules from './044-report-schedules.ts';
import recordLeases from './045-record-leases.ts';
import platformWeekIndexes from './046-platform-week-indexes.ts';

/**
 * Ordered schema migrations (each module names its own id); each runs once, in its own
 * transaction, at start. Append only: a new migration goes at the end, whatever its id.
 */
export const migrations: Migration[] = [
  core,
  stableIds,
  abilities,
  storedFiles,
  lookupIndexes,
  listIndexes,
  listSearch,
  campaignSettings,
  importJobs,
  userCount,
  loginThrottle,
  mail,
  userImportJob,
  activity,
  linkThrottle,
  importJobLeases,
  activitySearch,
  storageQuota,
  importUndo,
  participantPayments,
  changeNotices,
  rowBuckets,
  photoBytesAndPendingSignIns,
  twoStep,
  participants,
  closures,
  faceSearch,
  participantMatches,
  participantImports,
  participantFunnels,
  noChangeNotices,
  emailSettingsGuard,
  twoStepLock,
  faceReceipts,
  organiserTimeZone,
  userLanguage,
  recordVersions,
  webhooks,
  insightRollUps,
  apiTokens,
  participantLanguage,
  reportSchedules,
  recordLeases,
  platformWeekIndexes,
];
