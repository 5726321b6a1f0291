import type { securityEn } from './en.ts';

/** The messages of two-step sign-in, passkeys and the owner's confirmations (My account, the forced enrolment, unlocking) in fr (docs/languages.md): every key of ./en.ts, the same arguments. */
export const securityFr: Record<keyof typeof securityEn, string> = {
  'access.twoStep.title': 'Connexion en deux étapes',
  'access.twoStep.methodsTitle': 'Méthodes de connexion',
  'access.twoStep.statusOff': 'La connexion en deux étapes est désactivée : votre mot de passe seul vous connecte.',
  'access.twoStep.statusApp': 'La connexion en deux étapes est activée : application d’authentification. Codes de récupération restants : {left}.',
  'access.twoStep.statusPasskeys':
    'La connexion en deux étapes est activée : {count, plural, one {# clé d’accès} other {# clés d’accès}}. Codes de récupération restants : {left}.',
  'access.twoStep.statusBoth':
    'La connexion en deux étapes est activée : application d’authentification et {count, plural, one {# clé d’accès} other {# clés d’accès}}. Codes de récupération restants : {left}.',
  'access.twoStep.leadOn':
    'La connexion en deux étapes est activée. Conservez ces codes de récupération en lieu sûr : chacun fonctionne une fois si vous perdez votre application d’authentification, et ils ne sont affichés que maintenant.',
  'access.twoStep.leadReplaced':
    'Votre nouveau téléphone est configuré : l’ancien ne vous connecte plus. Conservez ces nouveaux codes de récupération en lieu sûr : les anciens codes ne fonctionnent plus, et ceux-ci ne sont affichés que maintenant.',
  'access.twoStep.leadNew':
    'Conservez ces nouveaux codes de récupération en lieu sûr : les anciens ne fonctionnent plus, et ceux-ci ne sont affichés que maintenant.',
  'access.twoStep.leadPasskey':
    'La connexion en deux étapes est activée : votre mot de passe seul ne vous connecte plus. Conservez ces codes de récupération en lieu sûr : chacun vous connecte une fois si vos clés d’accès ne sont pas à portée de main, et ils ne sont affichés que maintenant.',
  'access.twoStep.firstPasskeyWarning':
    'Ajouter une clé d’accès active la connexion en deux étapes : ensuite, votre mot de passe seul ne vous connecte plus. Vous recevez des codes de récupération avec votre première clé d’accès.',
  'access.twoStep.recoveryUsed': 'Vous avez utilisé un code de récupération (il en reste {left}).',
  'access.twoStep.required': 'Votre rôle exige la connexion en deux étapes : activez-la pour utiliser la console.',
  'access.twoStep.newPhoneHint':
    'Si votre téléphone est perdu ou remplacé, configurez l’application d’authentification sur votre nouveau téléphone : l’ancien cesse alors de fonctionner, et vous recevez de nouveaux codes de récupération.',
  'access.twoStep.runningOut': 'S’il vous en reste peu, créez de nouveaux codes de récupération.',
  'access.twoStep.setUpNewPhone': 'Configurer votre nouveau téléphone',
  'access.twoStep.newCodes': 'Nouveaux codes de récupération',
  'access.twoStep.notNow': 'Pas maintenant',
  'access.twoStep.locked':
    'Les codes de connexion sont verrouillés après trop de codes erronés d’affilée. Déverrouillez-les avec le lien que nous vous avons envoyé par e-mail, ou demandez à un administrateur. Vos clés d’accès vous connectent toujours.',
  'access.twoStep.recoveryCodes': 'Codes de récupération',
  'access.twoStep.download': 'Télécharger les codes de récupération',
  'access.twoStep.scanNewPhone':
    'Scannez ce code QR avec l’application d’authentification de votre nouveau téléphone, ou saisissez-y le secret. Saisissez ensuite le code à 6 chiffres qu’elle affiche : votre ancien téléphone cesse de fonctionner dès que vous confirmez.',
  'access.twoStep.scan':
    'Scannez ce code QR avec votre application d’authentification, ou saisissez-y le secret. Saisissez ensuite le code à 6 chiffres qu’elle affiche.',
  'access.twoStep.qrAlt': 'Code QR de votre secret de connexion en deux étapes',
  'access.twoStep.secret': 'Secret : {secret}',
  'access.twoStep.appTitle': 'Application d’authentification',
  'access.twoStep.appIntro': 'Demander un code d’une application d’authentification à chaque connexion, après votre mot de passe.',
  'access.twoStep.setUpApp': 'Configurer une application d’authentification',
  'access.twoStep.turnOn': 'Activer la connexion en deux étapes',
  'access.twoStep.appOn': 'Activée : chaque connexion demande son code après votre mot de passe.',
  'access.twoStep.appOnLine': 'La connexion en deux étapes avec une application d’authentification est {on}. Codes de récupération restants : {left}.',
  'access.twoStep.on': 'activée',
  'access.twoStep.replace': 'Remplacer l’application d’authentification',
  'access.twoStep.turnOff': 'Désactiver',
  'access.twoStep.turnOffFull': 'Désactiver la connexion en deux étapes',
  'access.twoStep.recoveryIntro':
    'Chacun vous connecte une fois quand votre téléphone ou vos clés d’accès ne sont pas à portée de main. Les nouveaux remplacent les anciens.',
  'access.passkeys.title': 'Clés d’accès',
  'access.passkeys.notAdded': 'La clé d’accès n’a pas été ajoutée.',
  'access.passkeys.notAddedWhy': 'La clé d’accès n’a pas été ajoutée : {reason}.',
  'access.passkeys.none':
    'Aucune clé d’accès pour l’instant. Une clé d’accès vous connecte avec le verrouillage d’écran de cet appareil ou une clé de sécurité, sans mot de passe.',
  'access.passkeys.name': 'Nom',
  'access.passkeys.added': 'Ajoutée',
  'access.passkeys.lastUsed': 'Dernière utilisation',
  'access.passkeys.action': 'Action',
  'access.passkeys.removeLabel': 'Retirer la clé d’accès {name}',
  'access.passkeys.unsupported': 'Ce navigateur ne peut pas utiliser de clés d’accès.',
  'access.passkeys.nameLabel': 'Nom de la clé d’accès',
  'access.passkeys.namePlaceholder': 'ex. Ordinateur du travail',
  'access.passkeys.add': 'Ajouter une clé d’accès',
  'access.owner.title': 'Confirmez votre identité',
  'access.owner.typePassword': 'Saisissez votre mot de passe.',
  'access.owner.lead': '{lead} Vous vous êtes connecté il y a plus de 5 minutes.',
  'access.owner.password': 'Votre mot de passe',
  'access.owner.code': 'Ou un code de votre application d’authentification',
  'access.review.title': 'Vérifiez vos clés d’accès',
  'access.review.intro': 'Vos clés d’accès ouvrent toujours votre compte sans mot de passe. Retirez celles que vous ne reconnaissez pas.',
  'access.review.noneLeft': 'Plus aucune clé d’accès.',
  'access.passkeys.browserSaid': 'le navigateur a répondu {name}',
  'access.passkeys.browserSaidWhy': 'le navigateur a répondu {name} ({meaning})',
  'access.passkeys.browser.NotAllowedError': 'la demande a été annulée, a expiré ou n’est pas autorisée sur cette page',
  'access.passkeys.browser.InvalidStateError': 'cet appareil contient déjà une clé d’accès de ce compte',
  'access.passkeys.browser.SecurityError': 'l’adresse de cette page n’est pas celle où fonctionnent les clés d’accès de cette console',
  'access.passkeys.browser.NotSupportedError': 'aucun authentificateur ici ne prend en charge ce que le serveur a demandé',
  'access.passkeys.browser.AbortError': 'la demande a été interrompue',
  'access.passkeys.browser.ConstraintError': 'l’authentificateur ne peut pas conserver de clé d’accès ni vérifier votre identité',
  'access.passkeys.site.operator':
    'La personne qui gère ce serveur règle PUBLIC_URL (ou WEBAUTHN_RP_ID et WEBAUTHN_ORIGIN) sur le nom d’hôte auquel on ouvre la console (https, ou http sur localhost).',
  'access.passkeys.site.siteIp':
    'Les clés d’accès ne peuvent pas fonctionner sur ce serveur : son site de clés d’accès est l’adresse IP {site}, que les navigateurs refusent.',
  'access.passkeys.site.siteInsecure':
    'Les clés d’accès ne peuvent pas fonctionner sur ce serveur : son adresse {origin} n’est pas en https, ce que les navigateurs exigent hors de localhost.',
  'access.passkeys.site.siteOtherHost':
    'Les clés d’accès ne peuvent pas fonctionner sur ce serveur : son adresse {origin} n’est pas sur son site de clés d’accès {site}.',
  'access.passkeys.site.ip': 'Les clés d’accès ne fonctionnent pas sur {here} : les navigateurs refusent les clés d’accès sur une adresse IP.',
  'access.passkeys.site.otherHost': 'Les clés d’accès ne fonctionnent pas sur {here} : les clés d’accès de cette console appartiennent à {site}.',
  'access.passkeys.site.otherOrigin': 'Les clés d’accès ne fonctionnent pas sur {here} : les clés d’accès de cette console ne fonctionnent que sur {origin}.',
  'access.passkeys.site.openAt': 'Ouvrez la console sur {origin} pour ajouter ou utiliser une clé d’accès.',
};
