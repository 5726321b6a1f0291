import type { galleryEn } from './en.ts';

/** The messages of the participants' gallery page in ar (docs/languages.md): every key of ./en.ts, the same arguments. */
export const galleryAr: Record<keyof typeof galleryEn, string> = {
  'access.gallery.loadFailed': 'تعذّر تحميل المعرض. يُرجى المحاولة مرة أخرى.',
  'access.gallery.titleOf': 'صور {event}',
  'access.gallery.yourPhotos': 'صورك',
  'access.gallery.loading': 'جارٍ تحميل صورك…',
  'access.gallery.downloadFailed': 'تعذّر بدء التنزيل. يُرجى المحاولة مرة أخرى.',
  'access.gallery.photosOf': 'صور {name}، رقم الصدرية {bib}',
  'access.gallery.none': 'لا توجد صور برقم صدريتك بعد.',
  'access.gallery.downloadAll': 'تنزيل الكل ({count})',
  'access.gallery.yourDownloads': 'تنزيلاتك',
  'access.gallery.ready':
    '{count, plural, zero {لا توجد صور جاهزة.} one {صورتك جاهزة:} two {صورتاك جاهزتان: افتح كل واحدة لحفظها.} few {صورك الـ# جاهزة: افتح كل واحدة لحفظها.} many {صورك الـ# جاهزة: افتح كل واحدة لحفظها.} other {صورك الـ# جاهزة: افتح كل واحدة لحفظها.}}',
  'access.gallery.photoFull': 'الصورة {number} (الحجم الكامل)',
  'access.gallery.photoAlt': 'رقم الصدرية {bib}، {number} من {total}',
  'access.gallery.downloadPhoto': 'تنزيل الصورة {number}',
  'access.gallery.download': 'تنزيل',
  'access.gallery.howToBuy': 'طريقة الشراء',
  'access.gallery.buyTitle': 'اشترِ صورك',
  'access.gallery.buyIn': 'الشراء في تطبيق {campaign}',
  'access.gallery.language': 'اللغة',
  'access.face.label': 'البحث بالوجه',
  'access.face.title': 'اعثر على صورك بوجهك',
  'access.face.agreed': 'ما وافقت عليه',
  'access.face.version': '{text} (إصدار الموافقة {version})',
  'access.face.search': 'البحث بالوجه',
  'access.face.withdraw': 'سحب الموافقة',
  'access.face.agree': 'أوافق',
  'access.face.erase': 'محو بيانات وجهي',
  'access.face.eraseButton': 'محو',
  'access.face.thanks': 'شكرًا لك: البحث بالوجه مفعَّل لك.',
  'access.face.found':
    '{count, plural, zero {لم يعثر البحث بالوجه على أي صورة لك.} one {عثر البحث بالوجه على صورة واحدة لك.} two {عثر البحث بالوجه على صورتين لك.} few {عثر البحث بالوجه على # صور لك.} many {عثر البحث بالوجه على # صورة لك.} other {عثر البحث بالوجه على # صورة لك.}}',
  'access.face.withdrawn': 'تم سحب موافقتك.',
  'access.face.erased': 'تم محو بيانات وجهك.',
};
