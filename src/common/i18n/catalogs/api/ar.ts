import type { apiEn } from './en.ts';

/** The API's messages in Arabic (./en.ts). */
export const apiAr: Record<keyof typeof apiEn, string> = {
  'validation.timeZone': 'يجب أن تكون المنطقة الزمنية اسم منطقة معروفًا، مثل Europe/London.',
  'error.unauthenticated': 'لم تتم المصادقة.',
  'error.xsrf': 'رمز CSRF غير مطابق.',
  'error.credentials': 'بيانات الاعتماد هذه لا تطابق سجلاتنا.',
  'error.loginThrottledSeconds':
    'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد {count, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  'error.loginThrottledMinutes':
    'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد {count, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}.',
  'error.throttled':
    'طلبات كثيرة جدًا. حاول مرة أخرى بعد {count, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}.',
  'error.inactiveOrganiser': 'حساب المنظّم هذا غير نشط. يُرجى التواصل مع المسؤول.',
  'error.twoStepRequired': 'يتطلب دورك تسجيل الدخول بخطوتين: فعّله من حسابي.',
  'error.gallerySold': 'صور هذه الفعالية معروضة للبيع: اشترها من خلال تطبيق الفعالية.',
  'error.faceConsentNeeded': 'يتطلب البحث بالوجه موافقتك: وافق عليه أولًا.',
  'error.faceSearchOff': 'البحث بالوجه غير متاح لهذه الفعالية.',
  'error.faceSearchClosed': 'أُغلق البحث بالوجه في {day}.',
  'error.faceDataErased': 'مُحيت بيانات وجهك في {day} بناءً على طلبك. يبقى البحث بالوجه متوقفًا لك في هذه الفعالية.',
  'error.noConsentToWithdraw': 'ليست لديك موافقة سارية لسحبها.',
  'error.importUndone': 'تم التراجع عن هذا الاستيراد من قبل.',
  'error.ownAccount': 'لا يمكنك حذف حسابك.',
  'validation.bibTaken': 'الرقم {bib} مسجّل بالفعل كمشارك في هذه الفعالية.',
  'mail.gallery.subject': 'صورك في {event} جاهزة',
  'mail.gallery.ready': 'صورك في {event} جاهزة.',
  'mail.gallery.yours': 'الرابط أدناه لك وحدك: يفتح معرضك الشخصي.',
  'mail.gallery.button': 'شاهد صورك',
};
