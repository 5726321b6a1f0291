import type { Catalog } from './en.ts';
import { adminEs } from './admin/es.ts';
import { organiserEs } from './organiser/es.ts';
import { campaignsEs } from './campaigns/es.ts';
import { accessEs } from './access/es.ts';
import { galleryEs } from './gallery/es.ts';
import { securityEs } from './security/es.ts';
import { liveEs } from './live/es.ts';
import { leasesEs } from './leases/es.ts';
import { apiEs } from './api/es.ts';
import { tokensEs } from './tokens/es.ts';
import { insightsEs } from './insights/es.ts';
import { reportsEs } from './reports/es.ts';
import { activityEs } from './activity/es.ts';
import { webhooksEs } from './webhooks/es.ts';

/** The Spanish catalog (docs/languages.md): every key of en.ts, the same arguments. */
const core: Omit<
  Catalog,
  | keyof typeof adminEs
  | keyof typeof organiserEs
  | keyof typeof campaignsEs
  | keyof typeof accessEs
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
> = {
  'app.brand': 'Events Back-office',
  'app.loading': 'Cargando…',
  'app.skipToContent': 'Ir al contenido',
  'app.mainMenu': 'Menú principal',
  'app.version': 'Versión {version}',
  'app.copyright': 'Copyright © 2020 Events Back-office. Todos los derechos reservados.',

  'nav.dashboard': 'Panel',
  'nav.backToConsole': 'Volver a mi consola',
  'header.toggleMenu': 'Mostrar u ocultar el menú',
  'header.theme': 'Tema',
  'header.myAccount': 'Mi cuenta',
  'header.signOut': 'Cerrar sesión',
  'theme.system': 'Sistema',
  'theme.light': 'Claro',
  'theme.dark': 'Oscuro',

  'pager.label': 'Páginas',
  'pager.previous': 'Anterior',
  'pager.next': 'Siguiente',
  'pager.page': 'Página {page}',

  'list.empty': 'Todavía no hay nada aquí.',
  'list.failed': 'No se pudo cargar esta lista.',
  'list.retry': 'Reintentar',
  'list.reloadToRetry': 'Recargue la página para volver a intentarlo.',
  'list.countExactly': 'Contar con exactitud',
  'list.exportCsv': 'Exportar CSV',
  'list.exportXlsx': 'Exportar .xlsx',
  'list.all': 'Todos',
  'list.perPage': 'Por página',
  'list.noResultsFor': 'No hay resultados para «{query}».',
  'list.noResultsFilters': 'No hay resultados con estos filtros.',
  'list.clearSearch': 'Borrar la búsqueda',
  'list.clearFilters': 'Borrar los filtros',
  'list.results': '{count, plural, =0 {Ningún resultado} one {# resultado} other {# resultados}}',

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

  'nav.home': 'Inicio',
  'action.save': 'Guardar',
  'account.title': 'Mi cuenta',
  'account.profile': 'Perfil',
  'account.name': 'Nombre',
  'account.email': 'Correo electrónico',
  'account.changePassword': 'Cambiar la contraseña',
  'account.currentPassword': 'Contraseña actual',
  'account.newPassword': 'Nueva contraseña',
  'account.retypePassword': 'Repita la nueva contraseña',
  'account.passwordHint': 'Al menos 8 caracteres con un número, una mayúscula y una minúscula. Se cierran sus otras sesiones.',
  'account.sessions': 'Sesiones',
  'account.signOutOthers': 'Cerrar todas las demás sesiones',
  'account.browser': 'Navegador',
  'account.system': 'Sistema',
  'account.address': 'Dirección',
  'account.signedIn': 'Inicio de sesión',
  'account.signedInWith': 'Sesión iniciada con',
  'account.lastUsed': 'Último uso',
  'account.action': 'Acción',
  'account.thisBrowser': 'Este navegador',
  'account.signOut': 'Cerrar sesión',
  'account.signOutLabel': 'Cerrar la sesión de {browser} en {os}',
  'account.signOutOthersAsk':
    '{count, plural, one {¿Cerrar la otra sesión? Ese navegador deberá iniciar sesión de nuevo.} other {¿Cerrar las otras {count} sesiones? Esos navegadores deberán iniciar sesión de nuevo.}}',
  'account.signOutOneAsk': '¿Cerrar la sesión de {browser} en {os}? Ese navegador deberá iniciar sesión de nuevo.',
  'action.edit': 'Editar',
  'action.delete': 'Eliminar',
  'action.editNamed': 'Editar {name}',
  'action.deleteNamed': 'Eliminar {name}',
  'action.close': 'Cerrar',
  'app.breadcrumb': 'Ruta de navegación',
  'app.notifications': 'Notificaciones',
  'list.serial': 'N.º',
  'list.actions': 'Acciones',
  'list.selection': 'Selección',
  'list.clearSelection': 'Borrar la selección',
  'list.selectPage': 'Seleccionar todo en esta página',
  'list.justAdded': 'Recién añadido',
  'list.justChanged': 'Recién modificado',
  'list.notOnPage': '(no está en esta página en este orden)',
  'list.dismiss': 'Descartar',
  'list.thisPage': 'Esta página',
  'organiser.menu': 'Menú del organizador',
  'organiser.backToAdmin': 'Volver a la administración',
  'organiser.nav.organisers': 'Perfil del organizador',
  'organiser.nav.events': 'Eventos',
  'organiser.nav.working_days': 'Días laborables',
  'organiser.nav.bookings': 'Reservas',
  'organiser.nav.activity': 'Actividad',
  'organiser.nav.report_schedules': 'Informes',
  'organiser.nav.webhooks': 'Webhooks',
  'organiser.viewing': 'Viendo: {name}',
  'organiser.fallbackName': 'organizador {id}',
  'organiser.backToOrganizers': 'Volver a los organizadores',
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
  'mail.hello': 'Hola, {name}:',
  'mail.reset.subject': 'Restablezca su contraseña de {sender}',
  'mail.reset.asked': 'Alguien (esperamos que usted) pidió restablecer la contraseña de su cuenta.',
  'mail.reset.link': 'El enlace de abajo funciona una vez, durante 60 minutos. Si no lo pidió, ignore este correo: su contraseña no cambia.',
  'mail.reset.button': 'Elegir una nueva contraseña',
  'mail.invite.subject': 'Está invitado a {sender}',
  'mail.invite.subjectOrganiser': 'Está invitado a gestionar {organiser} en {sender}',
  'mail.invite.made': 'Se creó una cuenta para usted en la consola, en {url}.',
  'mail.invite.madeOrganiser': 'Se creó una cuenta para que gestione el organizador {organiser} en la consola, en {url}.',
  'mail.invite.link': 'Elija su contraseña con el enlace de abajo; funciona una vez, durante 7 días.',
  'mail.invite.button': 'Elegir su contraseña',
  'discard.title': '¿Descartar los cambios?',
  'discard.text': 'Sus cambios no están guardados. ¿Cerrar y perderlos?',
  'discard.keep': 'Seguir editando',
  'discard.discard': 'Descartar',
  'list.deleteSelected': 'Eliminar la selección',
  'list.deleteAsk': '¿Desea eliminar {count}?',
  'action.showIt': 'Mostrar',
  'language.title': 'Idioma',
  'language.intro': 'El idioma de la consola y de los correos que se le envían. Le acompaña en cada navegador donde inicie sesión.',
  'language.browser': 'El de mi navegador ({language})',
  'language.save': 'Guardar el idioma',
  'language.saved': 'Idioma guardado.',
  'timeZone.title': 'Zona horaria',
  'timeZone.intro': 'La zona horaria en la que la consola muestra las horas. Le acompaña en cada navegador en el que inicie sesión.',
  'timeZone.browser': 'Como mi navegador ({zone})',
  'timeZone.save': 'Guardar zona horaria',
  'timeZone.saved': 'Zona horaria guardada.',
};

/** The es catalog: the shell's and shared messages (above) and each area's (./<area>/es.ts). */
export const es: Catalog = {
  ...core,
  ...adminEs,
  ...organiserEs,
  ...campaignsEs,
  ...accessEs,
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
};
