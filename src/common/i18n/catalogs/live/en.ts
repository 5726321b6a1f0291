/**
 * English messages of working together (docs/live.md): the edit conflict beside a form
 * and the lists' change notices. Part of the English catalog (../en.ts), the source the other
 * languages translate. Keys start with `live.`.
 */
export const liveEn = {
  'live.conflict.title': '{name} changed this record at {when}, after you opened it.',
  'live.conflict.titleSomeone': 'Someone changed this record after you opened it.',
  'live.conflict.help': 'What you typed is still in the form. For each field below, keep yours, take theirs or combine both, then save again.',
  'live.conflict.none': 'Their change is the same as yours in every field. Save again to keep it.',
  'live.conflict.theirs': 'Theirs',
  'live.conflict.yours': 'Yours',
  'live.conflict.empty': '(empty)',
  'live.conflict.keepMine': 'Keep mine',
  'live.conflict.takeTheirs': 'Take theirs',
  'live.conflict.combine': 'Combine both',
  'live.conflict.keepAllMine': 'Keep all mine',
  'live.conflict.takeAllTheirs': 'Take all theirs',
  'live.conflict.fields': 'Fields changed by both of you',
  'live.list.updated': '{count, plural, one {# updated} other {# updated}}',
  'live.list.show': 'Show',
  'live.list.deletedBy': 'Deleted by {name} just now',
  'live.booking.changed': '{name} changed this booking at {when}, after you saw it: it is now {status}. Your decision was not saved.',
  'live.booking.changedSomeone': 'Someone else changed this booking after you saw it: it is now {status}. Your decision was not saved.',
} as const;
