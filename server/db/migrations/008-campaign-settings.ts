import type { Migration } from './migration.ts';

/**
 * Campaigns keep every field of the campaign form (organiser-console §3), so the detail view can
 * show them and the edit form can reopen them: the photo-recognition settings (event type,
 * location, organizer, sponsors as typed, tolerances, payment slab, date filtering) and the BIB
 * settings. Before this only the campaign call's own fields were stored.
 */
export const campaignSettings: Migration = {
  id: '008-campaign-settings',
  sql: [
    "event_type TEXT NOT NULL DEFAULT 'RUNNING'",
    "location TEXT NOT NULL DEFAULT ''",
    "organizer TEXT NOT NULL DEFAULT ''",
    "sponsors TEXT NOT NULL DEFAULT ''",
    "primary_tolerance TEXT NOT NULL DEFAULT '0'",
    "secondary_tolerance TEXT NOT NULL DEFAULT '0'",
    "recognition_tolerance TEXT NOT NULL DEFAULT '0'",
    "payment_slab TEXT NOT NULL DEFAULT ''",
    'date_filtering INTEGER NOT NULL DEFAULT 0',
    'is_bib_number_present INTEGER NOT NULL DEFAULT 0',
    "bib_start_range TEXT NOT NULL DEFAULT ''",
    "bib_end_range TEXT NOT NULL DEFAULT ''",
    "bib_length TEXT NOT NULL DEFAULT ''",
    "bib_number_prefix TEXT NOT NULL DEFAULT ''",
    "bib_number_suffix TEXT NOT NULL DEFAULT ''",
  ]
    .map((col) => `ALTER TABLE campaigns ADD COLUMN ${col};`)
    .join('\n'),
};
