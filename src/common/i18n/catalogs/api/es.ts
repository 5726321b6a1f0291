import type { apiEn } from './en.ts';

/** The API's messages in Spanish (./en.ts). */
export const apiEs: Record<keyof typeof apiEn, string> = {
  'validation.timeZone': 'La zona horaria debe ser un nombre de zona conocido, como Europe/London.',
  'error.unauthenticated': 'No autenticado.',
  'error.xsrf': 'El token CSRF no coincide.',
  'error.credentials': 'Estas credenciales no coinciden con nuestros registros.',
  'error.loginThrottledSeconds': 'Demasiados intentos de inicio de sesión. Vuelva a intentarlo en {count, plural, one {# segundo} other {# segundos}}.',
  'error.loginThrottledMinutes': 'Demasiados intentos de inicio de sesión. Vuelva a intentarlo en {count, plural, one {# minuto} other {# minutos}}.',
  'error.throttled': 'Demasiadas solicitudes. Vuelva a intentarlo en {count, plural, one {# minuto} other {# minutos}}.',
  'error.inactiveOrganiser': 'Esta cuenta de organizador no está activa. Póngase en contacto con el administrador.',
  'error.twoStepRequired': 'Su rol exige el inicio de sesión en dos pasos: actívelo en Mi cuenta.',
  'error.gallerySold': 'Las fotos de este evento están a la venta: cómprelas en la aplicación del evento.',
  'error.faceConsentNeeded': 'La búsqueda por rostro necesita su consentimiento: acéptela primero.',
  'error.faceSearchOff': 'La búsqueda por rostro no se ofrece para este evento.',
  'error.faceSearchClosed': 'Búsqueda por rostro cerrada el {day}.',
  'error.faceDataErased': 'Sus datos faciales se borraron el {day} a petición suya. La búsqueda por rostro sigue desactivada para usted en este evento.',
  'error.noConsentToWithdraw': 'No tiene ningún consentimiento vigente que retirar.',
  'error.importUndone': 'Esta importación ya se deshizo.',
  'error.ownAccount': 'No puede eliminar su propia cuenta.',
  'validation.bibTaken': 'El dorsal {bib} ya es un participante de este evento.',
  'mail.gallery.subject': 'Sus fotos de {event} están listas',
  'mail.gallery.ready': 'Sus fotos de {event} están listas.',
  'mail.gallery.yours': 'El enlace de abajo es solo suyo: abre su galería personal.',
  'mail.gallery.button': 'Ver sus fotos',
};
