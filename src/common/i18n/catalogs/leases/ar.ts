import type { leasesEn } from './en.ts';

/** Edit leases' messages in ar (docs/languages.md): every key of ./en.ts, the same arguments. */
export const leasesAr: Record<keyof typeof leasesEn, string> = {
  'leases.heldBy': 'يحرّره {name} منذ {time}',
  'leases.heldByYou': 'أنت تحرّر هذا السجل بالفعل في علامة تبويب أو نافذة أخرى منذ {time}',
  'leases.choose': 'قد يؤدي الحفظ الآن إلى الكتابة فوق تغييراته. اعرض السجل للقراءة فقط، أو تولَّ التحرير: يصبح نموذجه حينها للقراءة فقط ويحتفظ بما كتبه.',
  'leases.viewReadOnly': 'عرض للقراءة فقط',
  'leases.takeOver': 'تولِّي التحرير',
  'leases.readOnly': 'للقراءة فقط: يحرّر {name} هذا السجل.',
  'leases.takenBy': 'تولّى {name} التحرير في {time}.',
  'leases.takenHelp': 'أصبح هذا النموذج للقراءة فقط. ما كتبته لا يزال هنا ولم يُحفظ: انسخه قبل إغلاق النموذج.',
};
