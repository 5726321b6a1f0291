import type { securityEn } from './en.ts';

/** The messages of two-step sign-in, passkeys and the owner's confirmations (My account, the forced enrolment, unlocking) in es (docs/languages.md): every key of ./en.ts, the same arguments. */
export const securityEs: Record<keyof typeof securityEn, string> = {
  'access.twoStep.title': 'Inicio de sesión en dos pasos',
  'access.twoStep.methodsTitle': 'Métodos de inicio de sesión',
  'access.twoStep.statusOff': 'El inicio de sesión en dos pasos está desactivado: solo su contraseña le permite iniciar sesión.',
  'access.twoStep.statusApp': 'El inicio de sesión en dos pasos está activado: aplicación de autenticación. Códigos de recuperación restantes: {left}.',
  'access.twoStep.statusPasskeys':
    'El inicio de sesión en dos pasos está activado: {count, plural, one {# llave de acceso} other {# llaves de acceso}}. Códigos de recuperación restantes: {left}.',
  'access.twoStep.statusBoth':
    'El inicio de sesión en dos pasos está activado: aplicación de autenticación y {count, plural, one {# llave de acceso} other {# llaves de acceso}}. Códigos de recuperación restantes: {left}.',
  'access.twoStep.leadOn':
    'El inicio de sesión en dos pasos está activado. Guarde estos códigos de recuperación en un lugar seguro: cada uno funciona una vez si pierde su aplicación de autenticación, y solo se muestran ahora.',
  'access.twoStep.leadReplaced':
    'Su nuevo teléfono está configurado: el anterior ya no le permite iniciar sesión. Guarde estos nuevos códigos de recuperación en un lugar seguro: los códigos anteriores ya no funcionan, y estos solo se muestran ahora.',
  'access.twoStep.leadNew': 'Guarde estos nuevos códigos de recuperación en un lugar seguro: los anteriores ya no funcionan, y estos solo se muestran ahora.',
  'access.twoStep.leadPasskey':
    'El inicio de sesión en dos pasos está activado: su contraseña sola ya no le permite iniciar sesión. Guarde estos códigos de recuperación en un lugar seguro: cada uno le permite iniciar sesión una vez si no tiene sus llaves de acceso a mano, y solo se muestran ahora.',
  'access.twoStep.firstPasskeyWarning':
    'Añadir una llave de acceso activa el inicio de sesión en dos pasos: después, su contraseña sola ya no le permite iniciar sesión. Recibirá códigos de recuperación con su primera llave de acceso.',
  'access.twoStep.recoveryUsed': 'Ha usado un código de recuperación (quedan {left}).',
  'access.twoStep.required': 'Su rol exige el inicio de sesión en dos pasos: actívelo para usar la consola.',
  'access.twoStep.newPhoneHint':
    'Si pierde o cambia su teléfono, configure la aplicación de autenticación en el nuevo: el anterior dejará de funcionar y recibirá nuevos códigos de recuperación.',
  'access.twoStep.runningOut': 'Si se le están acabando, genere nuevos códigos de recuperación.',
  'access.twoStep.setUpNewPhone': 'Configurar su nuevo teléfono',
  'access.twoStep.newCodes': 'Nuevos códigos de recuperación',
  'access.twoStep.notNow': 'Ahora no',
  'access.twoStep.locked':
    'Los códigos de inicio de sesión están bloqueados tras demasiados códigos incorrectos seguidos. Desbloquéelos con el enlace que le enviamos por correo electrónico o pida ayuda a un administrador. Sus llaves de acceso siguen permitiéndole iniciar sesión.',
  'access.twoStep.recoveryCodes': 'Códigos de recuperación',
  'access.twoStep.download': 'Descargar los códigos de recuperación',
  'access.twoStep.scanNewPhone':
    'Escanee este código QR con la aplicación de autenticación de su nuevo teléfono, o escriba en ella el secreto. Luego introduzca el código de 6 dígitos que muestra: su teléfono anterior dejará de funcionar en cuanto confirme.',
  'access.twoStep.scan':
    'Escanee este código QR con su aplicación de autenticación, o escriba en ella el secreto. Luego introduzca el código de 6 dígitos que muestra.',
  'access.twoStep.qrAlt': 'Código QR de su secreto de inicio de sesión en dos pasos',
  'access.twoStep.secret': 'Secreto: {secret}',
  'access.twoStep.appTitle': 'Aplicación de autenticación',
  'access.twoStep.appIntro': 'Pedir un código de una aplicación de autenticación cada vez que inicie sesión, después de su contraseña.',
  'access.twoStep.setUpApp': 'Configurar una aplicación de autenticación',
  'access.twoStep.turnOn': 'Activar el inicio de sesión en dos pasos',
  'access.twoStep.appOn': 'Activada: cada inicio de sesión pide su código después de la contraseña.',
  'access.twoStep.appOnLine': 'El inicio de sesión en dos pasos con una aplicación de autenticación está {on}. Códigos de recuperación restantes: {left}.',
  'access.twoStep.on': 'activado',
  'access.twoStep.replace': 'Reemplazar la aplicación de autenticación',
  'access.twoStep.turnOff': 'Desactivar',
  'access.twoStep.turnOffFull': 'Desactivar el inicio de sesión en dos pasos',
  'access.twoStep.recoveryIntro':
    'Cada uno le permite iniciar sesión una vez cuando no tiene a mano su teléfono ni sus llaves de acceso. Los nuevos reemplazan a los anteriores.',
  'access.passkeys.title': 'Llaves de acceso',
  'access.passkeys.notAdded': 'No se añadió la llave de acceso.',
  'access.passkeys.notAddedWhy': 'No se añadió la llave de acceso: {reason}.',
  'access.passkeys.none':
    'Aún no hay llaves de acceso. Una llave de acceso le permite iniciar sesión con el bloqueo de pantalla de este dispositivo o una llave de seguridad, sin contraseña.',
  'access.passkeys.name': 'Nombre',
  'access.passkeys.added': 'Añadida',
  'access.passkeys.lastUsed': 'Último uso',
  'access.passkeys.action': 'Acción',
  'access.passkeys.removeLabel': 'Quitar la llave de acceso {name}',
  'access.passkeys.unsupported': 'Este navegador no puede usar llaves de acceso.',
  'access.passkeys.nameLabel': 'Nombre de la llave de acceso',
  'access.passkeys.namePlaceholder': 'p. ej., Portátil del trabajo',
  'access.passkeys.add': 'Añadir una llave de acceso',
  'access.owner.title': 'Confirme que es usted',
  'access.owner.typePassword': 'Escriba su contraseña.',
  'access.owner.lead': '{lead} Inició sesión hace más de 5 minutos.',
  'access.owner.password': 'Su contraseña',
  'access.owner.code': 'O un código de su aplicación de autenticación',
  'access.review.title': 'Revise sus llaves de acceso',
  'access.review.intro': 'Sus llaves de acceso siguen permitiendo entrar en su cuenta sin contraseña. Quite las que no reconozca.',
  'access.review.noneLeft': 'No quedan llaves de acceso.',
  'access.passkeys.browserSaid': 'el navegador respondió {name}',
  'access.passkeys.browserSaidWhy': 'el navegador respondió {name} ({meaning})',
  'access.passkeys.browser.NotAllowedError': 'la solicitud se canceló, caducó o no está permitida en esta página',
  'access.passkeys.browser.InvalidStateError': 'este dispositivo ya tiene una llave de acceso de esta cuenta',
  'access.passkeys.browser.SecurityError': 'la dirección de esta página no es donde funcionan las llaves de acceso de esta consola',
  'access.passkeys.browser.NotSupportedError': 'ningún autenticador aquí admite lo que pidió el servidor',
  'access.passkeys.browser.AbortError': 'la solicitud se detuvo',
  'access.passkeys.browser.ConstraintError': 'el autenticador no puede guardar una llave de acceso ni comprobar quién es usted',
  'access.passkeys.site.operator':
    'Quien administra este servidor configura PUBLIC_URL (o WEBAUTHN_RP_ID y WEBAUTHN_ORIGIN) con el nombre de host en el que se abre la consola (https, o http en localhost).',
  'access.passkeys.site.siteIp':
    'Las llaves de acceso no pueden funcionar en este servidor: su sitio de llaves de acceso es la dirección IP {site}, que los navegadores rechazan.',
  'access.passkeys.site.siteInsecure':
    'Las llaves de acceso no pueden funcionar en este servidor: su dirección {origin} no es https, lo que los navegadores exigen fuera de localhost.',
  'access.passkeys.site.siteOtherHost':
    'Las llaves de acceso no pueden funcionar en este servidor: su dirección {origin} no está en su sitio de llaves de acceso {site}.',
  'access.passkeys.site.ip': 'Las llaves de acceso no funcionan en {here}: los navegadores rechazan las llaves de acceso en una dirección IP.',
  'access.passkeys.site.otherHost': 'Las llaves de acceso no funcionan en {here}: las llaves de acceso de esta consola pertenecen a {site}.',
  'access.passkeys.site.otherOrigin': 'Las llaves de acceso no funcionan en {here}: las llaves de acceso de esta consola solo funcionan en {origin}.',
  'access.passkeys.site.openAt': 'Abra la consola en {origin} para añadir o usar una llave de acceso.',
};
