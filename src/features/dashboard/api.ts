import { http } from '../../lib/http.ts';

import type { DashboardStats } from '../../common/contract/admin.ts';
/** GET dashboard-stats: live figures for the admin dashboard, as the wire contract declares them (campaigns_per_month: 12 months, oldest first, YYYY-MM). */
export type { DashboardStats } from '../../common/contract/admin.ts';
/** GET dashboard-stats: resolves to the envelope's data (DashboardStats); rejects with HttpError. */
export const getDashboardStats = async () => (await http.get<DashboardStats>('dashboard-stats')).data;

import { qs } from '../../lib/http.ts';
import { localTimeZone } from '../../common/time-zone.ts';
import type { PlatformFigures } from '../../common/contract/insights.ts';
export type { PlatformFigures } from '../../common/contract/insights.ts';
/** GET dashboard-stats/platform?tz=: the platform's figures per week (the browser's weeks), each only when the caller may see it. */
export const getPlatformFigures = async () => (await http.get<PlatformFigures>(`dashboard-stats/platform${qs({ tz: localTimeZone() })}`)).data;
