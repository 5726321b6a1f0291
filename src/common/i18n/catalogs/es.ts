import type { Catalog } from './en.ts';
import { adminEs } from './admin/es.ts';
import { organiserEs } from './organiser/es.ts';
import { participantsEs } from './participants/es.ts';
import { campaignsEs } from './campaigns/es.ts';
import { editorEs } from './editor/es.ts';
import { accessEs } from './access/es.ts';
import { shellEs } from './shell/es.ts';
import { galleryEs } from './gallery/es.ts';
import { securityEs } from './security/es.ts';
import { liveEs } from './live/es.ts';
import { leasesEs } from './leases/es.ts';
import { apiEs } from './api/es.ts';
import { tokensEs } from './tokens/es.ts';
import { insightsEs } from './insights/es.ts';
import { reportsEs } from './reports/es.ts';
import { sweepEs } from './sweep/es.ts';
import { activityEs } from './activity/es.ts';
import { webhooksEs } from './webhooks/es.ts';

/** The Spanish catalog (docs/languages.md): every key of en.ts, the same arguments. */
const core: Omit<
  Catalog,
  | keyof typeof adminEs
  | keyof typeof organiserEs
  | keyof typeof participantsEs
  | keyof typeof campaignsEs
  | keyof typeof editorEs
  | keyof typeof accessEs
  | keyof typeof shellEs
  | keyof typeof galleryEs
  | keyof typeof securityEs
  | keyof typeof liveEs
  | keyof typeof leasesEs
  | keyof typeof apiEs
  | keyof typeof activityEs
  | keyof typeof tokensEs
  | keyof typeof webhooksEs
  | keyof typeof insightsEs
  | keyof typeof reportsEs
  | keyof typeof sweepEs
> = {
  'app.brand': 'Events Back-office',
  'app.loading': 'Cargando…',

  'login.title': 'Iniciar sesión',
  'login.morning': 'Buenos días',
  'login.afternoon': 'Buenas tardes',
  'login.evening': 'Buenas noches',
  'login.intro': 'Inicie sesión para empezar',
  'login.email': 'Correo electrónico',
  'login.password': 'Contraseña',
  'login.remember': 'Recordarme',
  'login.forgot': '¿Olvidó su contraseña?',
  'login.submit': 'Entrar',
  'login.submitting': 'Entrando…',
  'login.wrong': 'El correo electrónico o la contraseña no son correctos.',
  'login.sessionEnded': 'Se cerró su sesión en otro dispositivo o su sesión terminó.',
  'login.register': 'Registrarse',
  'login.language': 'Idioma',
  'login.passkeySiteLabel': 'Llaves de acceso en esta dirección',
  'login.usePasskey': 'Usar una llave de acceso',
  'login.twoStepTitle': 'Inicio de sesión en dos pasos',
  'login.passkeyNotHere': 'Su llave de acceso no se puede usar en esta dirección.',
  'login.confirmPasskey': 'Confirme con su llave de acceso.',
  'login.enterRecovery': 'Introduzca uno de sus códigos de recuperación.',
  'login.enterCode': 'Introduzca el código de su aplicación de autenticación.',
  'login.recoveryCode': 'Código de recuperación',
  'login.authCode': 'Código de autenticación',
  'login.useApp': 'Usar su aplicación de autenticación',
  'login.useRecovery': 'Usar un código de recuperación',
  'login.startOver': 'Empezar de nuevo',
  'login.passkeyFailed': 'No se pudo usar la llave de acceso.',
  'login.passkeyFailedWhy': 'No se pudo usar la llave de acceso: {reason}.',

  'app.notifications': 'Notificaciones',
  'error.invalid': 'Los datos enviados no son válidos.',
  'error.tooLarge': 'La solicitud es demasiado grande.',
  'error.notAllowed': 'No tiene permiso para hacer esto.',
  'validation.required': 'El campo {field} es obligatorio.',
  'validation.email': 'El campo {field} debe ser una dirección de correo válida.',
  'validation.max': 'El campo {field} no puede tener más de {max} caracteres.',
  'validation.min': 'El campo {field} debe tener al menos {min} caracteres.',
  'validation.oneOf': 'El valor elegido para {field} no es válido.',
  'validation.integer': 'El campo {field} debe ser un número entero.',
  'validation.number': 'El campo {field} debe ser un número.',
  'validation.date': 'El campo {field} no es una fecha válida.',
  'validation.idList': 'El campo {field} debe ser una lista JSON de identificadores.',
  'validation.taken': 'El valor de {field} ya está en uso.',
  'error.notFound': '{what} no encontrado.',
  'feedback.generic': 'Algo salió mal. Vuelva a intentarlo o póngase en contacto con atención al cliente para obtener ayuda.',
  'http.unreachable': 'No se pudo contactar con el servidor. Compruebe su conexión y vuelva a intentarlo.',
  'http.timeout': 'El servidor no respondió en {seconds} segundos. Compruebe su conexión y vuelva a intentarlo.',
  'http.offline': 'Está sin conexión. Compruebe su conexión y vuelva a intentarlo.',
  'nav.denied': 'No tiene acceso a {route}, así que ha vuelto al panel.',
  'feedback.checkDetails': 'Revise los datos introducidos y vuelva a intentarlo.',
  'form.whoops': '¡¡¡Uy…!!!',
  'form.required': 'Rellene el campo «{field}».',
  'form.email': 'Introduzca una dirección de correo electrónico válida.',
  'form.textOnly': 'En «{field}» solo se permiten letras, espacios y puntos.',
  'form.numbersOnly': 'En «{field}» solo se permiten números.',
  'form.selectAny': 'Seleccione un valor para «{field}».',
  'form.length': '«{field}» debe tener entre {min} y {max} caracteres.',
  'form.selectThe': 'Seleccione un valor para «{field}».',
  'validation.password': 'La contraseña debe tener al menos 8 caracteres y contener un dígito, una mayúscula y una minúscula.',
};

/** The es catalog: the shell's and shared messages (above) and each area's (./<area>/es.ts). */
export const es: Catalog = {
  ...core,
  ...adminEs,
  ...organiserEs,
  ...participantsEs,
  ...campaignsEs,
  ...editorEs,
  ...accessEs,
  ...shellEs,
  ...galleryEs,
  ...securityEs,
  ...liveEs,
  ...leasesEs,
  ...apiEs,
  ...activityEs,
  ...tokensEs,
  ...webhooksEs,
  ...insightsEs,
  ...reportsEs,
  ...sweepEs,
};
