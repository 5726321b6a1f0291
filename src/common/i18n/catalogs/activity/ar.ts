import type { activityEn } from './en.ts';

/** Arabic messages of the activity screen (docs/languages.md): every key of ./en.ts, the same arguments. */
export const activityAr: Record<keyof typeof activityEn, string> = {
  'activity.title': 'النشاط',
  'activity.search': 'ابحث عن سجل',
  'activity.action': 'الإجراء',
  'activity.record': 'السجل',
  'activity.from': 'من',
  'activity.to': 'إلى',
  'activity.showSignIns': 'إظهار عمليات تسجيل الدخول',
  'activity.who': 'من: {name}',
  'activity.showEveryone': 'إظهار نشاط الجميع، وليس {name} فقط',
  'activity.empty': 'لا يوجد نشاط مطابق.',
  'activity.time': 'الوقت',
  'activity.whoColumn': 'من',
  'activity.onlyThisPerson': 'إظهار نشاط هذا الشخص فقط',
  'activity.userNumber': 'المستخدم رقم {id}',
  'activity.unknown': 'غير معروف',
  'activity.role': 'الدور',
  'activity.what': 'ماذا',
  'activity.address': 'العنوان',
  'activity.open': 'فتح: {record}',
  'activity.openNamed': 'فتح: {record} «{label}»',
  'activity.deleted': '(محذوف)',
};
