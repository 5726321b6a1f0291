/**
 * English messages of edit leases (docs/live.md "Who is editing"): who else has a record's
 * edit form open, viewing it read-only and taking it over. Part of the English catalog
 * (../index.ts), the source the other languages translate. Keys start with `leases.`.
 */
export const leasesEn = {
  'leases.heldBy': 'Being edited by {name} since {time}',
  'leases.heldByYou': 'You are already editing this record in another tab or window since {time}',
  'leases.choose':
    'Saving now could overwrite their changes. View the record read-only, or take over: their form then turns read-only and keeps what they typed.',
  'leases.viewReadOnly': 'View read-only',
  'leases.takeOver': 'Take over',
  'leases.readOnly': 'Read-only: {name} is editing this record.',
  'leases.takenBy': '{name} took over editing at {time}.',
  'leases.takenHelp': 'This form is now read-only. What you typed is still here and was not saved: copy it before you close the form.',
} as const;
