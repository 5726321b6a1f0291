/**
 * English messages of the activity screen (docs/languages.md), shown in both consoles: part of
 * the English catalog (../index.ts), the source the other languages translate. Keys start with
 * `activity.`.
 */
export const activityEn = {
  'activity.title': 'Activity',
  'activity.search': 'Search record',
  'activity.action': 'Action',
  'activity.record': 'Record',
  'activity.from': 'From',
  'activity.to': 'To',
  'activity.showSignIns': 'Show sign-ins',
  'activity.who': 'Who: {name}',
  'activity.showEveryone': "Show everyone's activity, not only {name}'s",
  'activity.empty': 'No activity matches.',
  'activity.time': 'Time',
  'activity.whoColumn': 'Who',
  'activity.onlyThisPerson': "Show only this person's activity",
  'activity.userNumber': 'User #{id}',
  'activity.unknown': 'Unknown',
  'activity.role': 'Role',
  'activity.what': 'What',
  'activity.address': 'Address',
  'activity.open': 'Open {record}',
  'activity.openNamed': 'Open {record} “{label}”',
  'activity.deleted': '(deleted)',
} as const satisfies Record<string, string>;
