import type { Catalog } from './en.ts';
import { adminAr } from './admin/ar.ts';
import { organiserAr } from './organiser/ar.ts';
import { participantsAr } from './participants/ar.ts';
import { campaignsAr } from './campaigns/ar.ts';
import { editorAr } from './editor/ar.ts';
import { accessAr } from './access/ar.ts';
import { shellAr } from './shell/ar.ts';
import { galleryAr } from './gallery/ar.ts';
import { securityAr } from './security/ar.ts';
import { liveAr } from './live/ar.ts';
import { leasesAr } from './leases/ar.ts';
import { apiAr } from './api/ar.ts';
import { tokensAr } from './tokens/ar.ts';
import { insightsAr } from './insights/ar.ts';
import { reportsAr } from './reports/ar.ts';
import { sweepAr } from './sweep/ar.ts';
import { activityAr } from './activity/ar.ts';
import { webhooksAr } from './webhooks/ar.ts';

/** The Arabic catalog (docs/languages.md): every key of en.ts, the same arguments; written right to left. */
const core: Omit<
  Catalog,
  | keyof typeof adminAr
  | keyof typeof organiserAr
  | keyof typeof participantsAr
  | keyof typeof campaignsAr
  | keyof typeof editorAr
  | keyof typeof accessAr
  | keyof typeof shellAr
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
  | keyof typeof sweepAr
> = {
  'app.brand': 'Events Back-office',
  'app.loading': 'جارٍ التحميل…',

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

  'app.notifications': 'الإشعارات',
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
  'feedback.generic': 'حدث خطأ ما. يرجى المحاولة مرة أخرى أو التواصل مع خدمة العملاء للمساعدة.',
  'http.unreachable': 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  'http.timeout': 'لم يستجب الخادم خلال {seconds} ثانية. تحقّق من اتصالك وحاول مرة أخرى.',
  'http.offline': 'أنت غير متصل. تحقّق من اتصالك، ثم حاول مرة أخرى.',
  'nav.denied': 'ليس لديك حق الوصول إلى {route}، لذا عدت إلى لوحة المعلومات.',
  'feedback.checkDetails': 'يرجى التحقق من البيانات التي أدخلتها والمحاولة مرة أخرى.',
  'form.whoops': 'عذرًا…!!!',
  'form.required': 'يرجى ملء حقل «{field}».',
  'form.email': 'يرجى إدخال عنوان بريد إلكتروني صالح.',
  'form.textOnly': 'لا يُسمح في «{field}» إلا بالحروف والمسافة والنقطة.',
  'form.numbersOnly': 'لا يُسمح في «{field}» إلا بالأرقام.',
  'form.selectAny': 'يرجى اختيار قيمة لـ«{field}».',
  'form.length': 'يجب أن يتراوح طول «{field}» بين {min} و{max} حرفًا.',
  'form.selectThe': 'يرجى اختيار قيمة لـ«{field}».',
  'validation.password': 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل وأن تحتوي على رقم وحرف كبير وحرف صغير.',
};

/** The ar catalog: the shell's and shared messages (above) and each area's (./<area>/ar.ts). */
export const ar: Catalog = {
  ...core,
  ...adminAr,
  ...organiserAr,
  ...participantsAr,
  ...campaignsAr,
  ...editorAr,
  ...accessAr,
  ...shellAr,
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
  ...sweepAr,
};
