import { z } from 'zod';

/**
 * GET settings/email/health, the shell's e-mail notice: real e-mails (not Settings tests, not
 * settings-change notices) that failed in the last day since mail last went out, real e-mails
 * waiting longer than 5 minutes, and `latest`, the id of the newest of them (null when none), so
 * a dismissed notice comes back for a newer one only.
 */
export const MailHealth = z.object({ failed: z.number().int(), stuck: z.number().int(), latest: z.number().int().nullable() });
export type MailHealth = z.infer<typeof MailHealth>;
