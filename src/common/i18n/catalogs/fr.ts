import type { Catalog } from './en.ts';
import { adminFr } from './admin/fr.ts';
import { organiserFr } from './organiser/fr.ts';
import { participantsFr } from './participants/fr.ts';
import { campaignsFr } from './campaigns/fr.ts';
import { editorFr } from './editor/fr.ts';
import { accessFr } from './access/fr.ts';
import { shellFr } from './shell/fr.ts';
import { galleryFr } from './gallery/fr.ts';
import { securityFr } from './security/fr.ts';
import { liveFr } from './live/fr.ts';
import { leasesFr } from './leases/fr.ts';
import { apiFr } from './api/fr.ts';
import { tokensFr } from './tokens/fr.ts';
import { insightsFr } from './insights/fr.ts';
import { reportsFr } from './reports/fr.ts';
import { sweepFr } from './sweep/fr.ts';
import { activityFr } from './activity/fr.ts';
import { webhooksFr } from './webhooks/fr.ts';

/** The French catalog (docs/languages.md): every key of en.ts, the same arguments. */
const core: Omit<
  Catalog,
  | keyof typeof adminFr
  | keyof typeof organiserFr
  | keyof typeof participantsFr
  | keyof typeof campaignsFr
  | keyof typeof editorFr
  | keyof typeof accessFr
  | keyof typeof shellFr
  | keyof typeof galleryFr
  | keyof typeof securityFr
  | keyof typeof liveFr
  | keyof typeof leasesFr
  | keyof typeof apiFr
  | keyof typeof activityFr
  | keyof typeof tokensFr
  | keyof typeof webhooksFr
  | keyof typeof insightsFr
  | keyof typeof reportsFr
  | keyof typeof sweepFr
> = {
  'app.brand': 'Events Back-office',
  'app.loading': 'Chargement…',

  'login.title': 'Connexion',
  'login.morning': 'Bonjour',
  'login.afternoon': 'Bon après-midi',
  'login.evening': 'Bonsoir',
  'login.intro': 'Connectez-vous pour ouvrir votre session',
  'login.email': 'E-mail',
  'login.password': 'Mot de passe',
  'login.remember': 'Se souvenir de moi',
  'login.forgot': 'Mot de passe oublié ?',
  'login.submit': 'Se connecter',
  'login.submitting': 'Connexion…',
  'login.wrong': 'L’e-mail ou le mot de passe est incorrect.',
  'login.sessionEnded': 'Vous avez été déconnecté sur un autre appareil ou votre session a pris fin.',
  'login.register': 'Créer un compte',
  'login.language': 'Langue',
  'login.passkeySiteLabel': 'Clés d’accès à cette adresse',
  'login.usePasskey': 'Utiliser une clé d’accès',
  'login.twoStepTitle': 'Connexion en deux étapes',
  'login.passkeyNotHere': 'Votre clé d’accès ne peut pas être utilisée à cette adresse.',
  'login.confirmPasskey': 'Confirmez avec votre clé d’accès.',
  'login.enterRecovery': 'Saisissez l’un de vos codes de récupération.',
  'login.enterCode': 'Saisissez le code de votre application d’authentification.',
  'login.recoveryCode': 'Code de récupération',
  'login.authCode': 'Code d’authentification',
  'login.useApp': 'Utiliser votre application d’authentification',
  'login.useRecovery': 'Utiliser un code de récupération',
  'login.startOver': 'Recommencer',
  'login.passkeyFailed': 'La clé d’accès n’a pas pu être utilisée.',
  'login.passkeyFailedWhy': 'La clé d’accès n’a pas pu être utilisée : {reason}.',

  'app.notifications': 'Notifications',
  'error.invalid': 'Les données fournies ne sont pas valides.',
  'error.tooLarge': 'La requête est trop volumineuse.',
  'error.notAllowed': 'Vous n’êtes pas autorisé à faire cela.',
  'validation.required': 'Le champ {field} est obligatoire.',
  'validation.email': 'Le champ {field} doit être une adresse e-mail valide.',
  'validation.max': 'Le champ {field} ne peut pas dépasser {max} caractères.',
  'validation.min': 'Le champ {field} doit contenir au moins {min} caractères.',
  'validation.oneOf': 'La valeur choisie pour {field} n’est pas valide.',
  'validation.integer': 'Le champ {field} doit être un nombre entier.',
  'validation.number': 'Le champ {field} doit être un nombre.',
  'validation.date': 'Le champ {field} n’est pas une date valide.',
  'validation.idList': 'Le champ {field} doit être une liste JSON d’identifiants.',
  'validation.taken': 'La valeur de {field} est déjà utilisée.',
  'error.notFound': '{what} introuvable.',
  'feedback.generic': 'Une erreur s’est produite. Veuillez réessayer ou contacter le service client pour obtenir de l’aide.',
  'http.unreachable': 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
  'http.timeout': 'Le serveur n’a pas répondu dans les {seconds} secondes. Vérifiez votre connexion et réessayez.',
  'http.offline': 'Vous êtes hors ligne. Vérifiez votre connexion, puis réessayez.',
  'nav.denied': 'Vous n’avez pas accès à {route} : vous voici de retour sur le tableau de bord.',
  'feedback.checkDetails': 'Veuillez vérifier les informations saisies et réessayer.',
  'form.whoops': 'Oups… !!!',
  'form.required': 'Veuillez remplir le champ « {field} ».',
  'form.email': 'Veuillez saisir une adresse e-mail valide.',
  'form.textOnly': 'Seuls les lettres, l’espace et le point sont autorisés dans « {field} ».',
  'form.numbersOnly': 'Seuls les chiffres sont autorisés dans « {field} ».',
  'form.selectAny': 'Veuillez choisir une valeur pour « {field} ».',
  'form.length': '« {field} » doit compter au moins {min} et au plus {max} caractères.',
  'form.selectThe': 'Veuillez choisir une valeur pour « {field} ».',
  'validation.password': 'Le mot de passe doit comporter au moins 8 caractères, dont un chiffre, une majuscule et une minuscule.',
};

/** The fr catalog: the shell's and shared messages (above) and each area's (./<area>/fr.ts). */
export const fr: Catalog = {
  ...core,
  ...adminFr,
  ...organiserFr,
  ...participantsFr,
  ...campaignsFr,
  ...editorFr,
  ...accessFr,
  ...shellFr,
  ...galleryFr,
  ...securityFr,
  ...liveFr,
  ...leasesFr,
  ...apiFr,
  ...activityFr,
  ...tokensFr,
  ...webhooksFr,
  ...insightsFr,
  ...reportsFr,
  ...sweepFr,
};
