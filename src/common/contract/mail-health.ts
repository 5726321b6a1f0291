import { z } from 'zod';

/** GET settings/email/health: e-mails that failed in the last day, and e-mails waiting longer than 5 minutes (the shell's e-mail notice). */
export const MailHealth = z.object({ failed: z.number().int(), stuck: z.number().int() });
export type MailHealth = z.infer<typeof MailHealth>;
