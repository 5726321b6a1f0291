import { t } from '../../lib/i18n.ts';

/** Greeting by hour of day (admin-area §2): before 12:00 morning, 12:00–15:59 afternoon, from 16:00 evening; in the reader's language. */
export const greeting = (hour: number) => t(hour < 12 ? 'login.morning' : hour < 16 ? 'login.afternoon' : 'login.evening');
