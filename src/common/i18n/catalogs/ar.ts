import type { Catalog } from './en.ts';
import { adminAr } from './admin/ar.ts';
import { organiserAr } from './organiser/ar.ts';
import { campaignsAr } from './campaigns/ar.ts';
import { accessAr } from './access/ar.ts';
import { galleryAr } from './gallery/ar.ts';
import { securityAr } from './security/ar.ts';
import { liveAr } from './live/ar.ts';
import { leasesAr } from './leases/ar.ts';
import { apiAr } from './api/ar.ts';
import { tokensAr } from './tokens/ar.ts';
import { insightsAr } from './insights/ar.ts';
import { reportsAr } from './reports/ar.ts';
import { activityAr } from './activity/ar.ts';
import { webhooksAr } from './webhooks/ar.ts';

/** The Arabic catalog (docs/languages.md): every key of en.ts, the same arguments; written right to left. */
const core: Omit<
  Catalog,
  | keyof typeof adminAr
  | keyof typeof organiserAr
  | keyof typeof campaignsAr
  | keyof typeof accessAr
  | keyof typeof galleryAr
  | keyof typeof securityAr
  | keyof typeof liveAr
  | keyof typeof leasesAr
  | keyof typeof apiAr
  | keyof typeof activityAr
  | keyof typeof tokensAr
  | keyof typeof webhooksAr
  | keyof typeof insightsAr
  | keyof typeof reportsAr
> = {
  'app.brand': 'Events Back-office',
  'app.loading': 'جارٍ التحميل…',
  'app.skipToContent': 'انتقل إلى المحتوى',
  'app.mainMenu': 'القائمة الرئيسية',
  'app.version': 'الإصدار {version}',
  'app.copyright': 'حقوق النشر © 2020 Events Back-office. جميع الحقوق محفوظة.',

  'nav.dashboard': 'لوحة التحكم',
  'nav.backToConsole': 'العودة إلى وحدة التحكم',
  'header.toggleMenu': 'إظهار القائمة أو إخفاؤها',
  'header.theme': 'المظهر',
  'header.myAccount': 'حسابي',
  'header.signOut': 'تسجيل الخروج',
  'theme.system': 'النظام',
  'theme.light': 'فاتح',
  'theme.dark': 'داكن',

  'pager.label': 'الصفحات',
  'pager.previous': 'السابق',
  'pager.next': 'التالي',
  'pager.page': 'الصفحة {page}',

  'list.empty': 'لا يوجد شيء هنا بعد.',
  'list.failed': 'تعذّر تحميل هذه القائمة.',
  'list.retry': 'إعادة المحاولة',
  'list.reloadToRetry': 'أعد تحميل الصفحة للمحاولة مرة أخرى.',
  'list.countExactly': 'العدّ بدقة',
  'list.exportCsv': 'تصدير CSV',
  'list.exportXlsx': 'تصدير ‎.xlsx',
  'list.all': 'الكل',
  'list.perPage': 'لكل صفحة',
  'list.noResultsFor': 'لا توجد نتائج لـ «{query}».',
  'list.noResultsFilters': 'لا توجد نتائج لهذه المرشحات.',
  'list.clearSearch': 'مسح البحث',
  'list.clearFilters': 'مسح المرشحات',
  'list.results': '{count, plural, =0 {لا توجد نتائج} zero {لا توجد نتائج} one {نتيجة واحدة} two {نتيجتان} few {# نتائج} many {# نتيجة} other {# نتيجة}}',

  'login.title': 'تسجيل الدخول',
  'login.morning': 'صباح الخير',
  'login.afternoon': 'مساء الخير',
  'login.evening': 'مساء الخير',
  'login.intro': 'سجّل الدخول لبدء جلستك',
  'login.email': 'البريد الإلكتروني',
  'login.password': 'كلمة المرور',
  'login.remember': 'تذكرني',
  'login.forgot': 'هل نسيت كلمة المرور؟',
  'login.submit': 'دخول',
  'login.submitting': 'جارٍ الدخول…',
  'login.wrong': 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  'login.sessionEnded': 'تم تسجيل خروجك على جهاز آخر أو انتهت جلستك.',
  'login.register': 'إنشاء حساب جديد',
  'login.language': 'اللغة',
  'login.passkeySiteLabel': 'مفاتيح المرور على هذا العنوان',
  'login.usePasskey': 'استخدام مفتاح مرور',
  'login.twoStepTitle': 'تسجيل الدخول بخطوتين',
  'login.passkeyNotHere': 'لا يمكن استخدام مفتاح المرور الخاص بك على هذا العنوان.',
  'login.confirmPasskey': 'أكِّد باستخدام مفتاح المرور الخاص بك.',
  'login.enterRecovery': 'أدخل أحد رموز الاسترداد الخاصة بك.',
  'login.enterCode': 'أدخل الرمز من تطبيق المصادقة الخاص بك.',
  'login.recoveryCode': 'رمز الاسترداد',
  'login.authCode': 'رمز المصادقة',
  'login.useApp': 'استخدام تطبيق المصادقة',
  'login.useRecovery': 'استخدام رمز استرداد',
  'login.startOver': 'البدء من جديد',
  'login.passkeyFailed': 'تعذّر استخدام مفتاح المرور.',
  'login.passkeyFailedWhy': 'تعذّر استخدام مفتاح المرور: {reason}.',

  'nav.home': 'الرئيسية',
  'action.save': 'حفظ',
  'account.title': 'حسابي',
  'account.profile': 'الملف الشخصي',
  'account.name': 'الاسم',
  'account.email': 'البريد الإلكتروني',
  'account.changePassword': 'تغيير كلمة المرور',
  'account.currentPassword': 'كلمة المرور الحالية',
  'account.newPassword': 'كلمة المرور الجديدة',
  'account.retypePassword': 'أعد كتابة كلمة المرور الجديدة',
  'account.passwordHint': 'ثمانية أحرف على الأقل تتضمن رقمًا وحرفًا كبيرًا وحرفًا صغيرًا. يتم تسجيل خروج جلساتك الأخرى.',
  'account.sessions': 'الجلسات',
  'account.signOutOthers': 'تسجيل الخروج من كل الجلسات الأخرى',
  'account.browser': 'المتصفح',
  'account.system': 'النظام',
  'account.address': 'العنوان',
  'account.signedIn': 'تسجيل الدخول',
  'account.signedInWith': 'طريقة الدخول',
  'account.lastUsed': 'آخر استخدام',
  'account.action': 'إجراء',
  'account.thisBrowser': 'هذا المتصفح',
  'account.signOut': 'تسجيل الخروج',
  'account.signOutLabel': 'تسجيل خروج {browser} على {os}',
  'account.signOutOthersAsk':
    '{count, plural, zero {لا توجد جلسات أخرى.} one {تسجيل الخروج من الجلسة الأخرى؟ يجب على ذلك المتصفح تسجيل الدخول مجددًا.} two {تسجيل الخروج من الجلستين الأخريين؟ يجب على هذين المتصفحين تسجيل الدخول مجددًا.} few {تسجيل الخروج من {count} جلسات أخرى؟ يجب على تلك المتصفحات تسجيل الدخول مجددًا.} many {تسجيل الخروج من {count} جلسة أخرى؟ يجب على تلك المتصفحات تسجيل الدخول مجددًا.} other {تسجيل الخروج من {count} جلسة أخرى؟ يجب على تلك المتصفحات تسجيل الدخول مجددًا.}}',
  'account.signOutOneAsk': 'تسجيل خروج {browser} على {os}؟ يجب على ذلك المتصفح تسجيل الدخول مجددًا.',
  'action.edit': 'تعديل',
  'action.delete': 'حذف',
  'action.editNamed': 'تعديل {name}',
  'action.deleteNamed': 'حذف {name}',
  'action.close': 'إغلاق',
  'app.breadcrumb': 'مسار التنقل',
  'app.notifications': 'الإشعارات',
  'list.serial': 'الرقم',
  'list.actions': 'الإجراءات',
  'list.selection': 'التحديد',
  'list.clearSelection': 'مسح التحديد',
  'list.selectPage': 'تحديد الكل في هذه الصفحة',
  'list.justAdded': 'أضيف للتو',
  'list.justChanged': 'عُدّل للتو',
  'list.notOnPage': '(ليس في هذه الصفحة بهذا الترتيب)',
  'list.dismiss': 'تجاهل',
  'list.thisPage': 'هذه الصفحة',
  'organiser.menu': 'قائمة المنظّم',
  'organiser.backToAdmin': 'العودة إلى الإدارة',
  'organiser.nav.organisers': 'ملف المنظّم',
  'organiser.nav.events': 'الفعاليات',
  'organiser.nav.working_days': 'أيام العمل',
  'organiser.nav.bookings': 'الحجوزات',
  'organiser.nav.activity': 'النشاط',
  'organiser.nav.report_schedules': 'التقارير',
  'organiser.nav.webhooks': 'خطافات الويب',
  'organiser.viewing': 'عرض: {name}',
  'organiser.fallbackName': 'المنظّم {id}',
  'organiser.backToOrganizers': 'العودة إلى المنظّمين',
  'error.invalid': 'البيانات المرسلة غير صالحة.',
  'error.tooLarge': 'الطلب كبير جدًا.',
  'error.notAllowed': 'غير مسموح لك بالقيام بذلك.',
  'validation.required': 'الحقل {field} مطلوب.',
  'validation.email': 'يجب أن يكون {field} عنوان بريد إلكتروني صالحًا.',
  'validation.max': 'لا يجوز أن يزيد {field} على {max} حرفًا.',
  'validation.min': 'يجب أن يتكون {field} من {min} أحرف على الأقل.',
  'validation.oneOf': 'القيمة المختارة لـ {field} غير صالحة.',
  'validation.integer': 'يجب أن يكون {field} عددًا صحيحًا.',
  'validation.number': 'يجب أن يكون {field} رقمًا.',
  'validation.date': '{field} ليس تاريخًا صالحًا.',
  'validation.idList': 'يجب أن يكون {field} قائمة JSON من المعرّفات.',
  'validation.taken': 'قيمة {field} مستخدمة بالفعل.',
  'error.notFound': '{what} غير موجود.',
  'mail.hello': 'مرحبًا {name}،',
  'mail.reset.subject': 'أعد تعيين كلمة المرور الخاصة بك في {sender}',
  'mail.reset.asked': 'طلب شخص ما (نأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك.',
  'mail.reset.link': 'يعمل الرابط أدناه مرة واحدة لمدة 60 دقيقة. إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  'mail.reset.button': 'اختر كلمة مرور جديدة',
  'mail.invite.subject': 'أنت مدعو إلى {sender}',
  'mail.invite.subjectOrganiser': 'أنت مدعو لإدارة {organiser} على {sender}',
  'mail.invite.made': 'أُنشئ لك حساب في وحدة التحكم على {url}.',
  'mail.invite.madeOrganiser': 'أُنشئ لك حساب لإدارة المنظّم {organiser} في وحدة التحكم على {url}.',
  'mail.invite.link': 'اختر كلمة مرورك من خلال الرابط أدناه؛ يعمل مرة واحدة لمدة 7 أيام.',
  'mail.invite.button': 'اختر كلمة مرورك',
  'discard.title': 'تجاهل التغييرات؟',
  'discard.text': 'لم تُحفظ تغييراتك. هل تريد الإغلاق وفقدانها؟',
  'discard.keep': 'متابعة التعديل',
  'discard.discard': 'تجاهل',
  'list.deleteSelected': 'حذف المحدد',
  'list.deleteAsk': 'هل تريد حذف {count}؟',
  'action.showIt': 'عرضه',
  'language.title': 'اللغة',
  'language.intro': 'لغة وحدة التحكم والرسائل التي تُرسل إليك. تتبعك إلى كل متصفح تسجّل الدخول منه.',
  'language.browser': 'لغة متصفحي ({language})',
  'language.save': 'حفظ اللغة',
  'language.saved': 'تم حفظ اللغة.',
  'timeZone.title': 'المنطقة الزمنية',
  'timeZone.intro': 'المنطقة الزمنية التي تعرض بها وحدة التحكم الأوقات. ترافقك في كل متصفح تسجّل الدخول منه.',
  'timeZone.browser': 'مثل متصفحي ({zone})',
  'timeZone.save': 'حفظ المنطقة الزمنية',
  'timeZone.saved': 'تم حفظ المنطقة الزمنية.',
};

/** The ar catalog: the shell's and shared messages (above) and each area's (./<area>/ar.ts). */
export const ar: Catalog = {
  ...core,
  ...adminAr,
  ...organiserAr,
  ...campaignsAr,
  ...accessAr,
  ...galleryAr,
  ...securityAr,
  ...liveAr,
  ...leasesAr,
  ...apiAr,
  ...activityAr,
  ...tokensAr,
  ...webhooksAr,
  ...insightsAr,
  ...reportsAr,
};
