import type { liveEn } from './en.ts';

/** Working together's messages in ar (docs/languages.md): every key of ./en.ts, the same arguments. */
export const liveAr: Record<keyof typeof liveEn, string> = {
  'live.conflict.title': 'غيّر {name} هذا السجل في {when} بعد أن فتحته.',
  'live.conflict.titleSomeone': 'غيّر شخص آخر هذا السجل بعد أن فتحته.',
  'live.conflict.help': 'ما كتبته لا يزال في النموذج. لكل حقل أدناه، احتفظ بنسختك أو خذ نسخته أو اجمع بينهما، ثم احفظ مرة أخرى.',
  'live.conflict.none': 'تغييره مطابق لتغييرك في كل الحقول. احفظ مرة أخرى للاحتفاظ به.',
  'live.conflict.theirs': 'نسخته',
  'live.conflict.yours': 'نسختك',
  'live.conflict.empty': '(فارغ)',
  'live.conflict.keepMine': 'احتفظ بنسختي',
  'live.conflict.takeTheirs': 'خذ نسخته',
  'live.conflict.combine': 'اجمع بينهما',
  'live.conflict.keepAllMine': 'احتفظ بكل نسختي',
  'live.conflict.takeAllTheirs': 'خذ كل نسخته',
  'live.conflict.fields': 'الحقول التي غيّرها كلاكما',
  'live.list.updated': '{count, plural, zero {لم يُحدَّث شيء} one {سجل واحد محدَّث} two {سجلان محدَّثان} few {# سجلات محدَّثة} many {# سجلًا محدَّثًا} other {# سجل محدَّث}}',
  'live.list.show': 'عرض',
  'live.list.deletedBy': 'حذفه {name} للتو',
  'live.booking.changed': 'غيّر {name} هذا الحجز في {when} بعد أن رأيته: حالته الآن {status}. لم يُحفظ قرارك.',
  'live.booking.changedSomeone': 'غيّر شخص آخر هذا الحجز بعد أن رأيته: حالته الآن {status}. لم يُحفظ قرارك.',
};
