import type { apiEn } from './en.ts';

/** The API's messages in French (./en.ts). */
export const apiFr: Record<keyof typeof apiEn, string> = {
  'validation.timeZone': 'Le fuseau horaire doit être un nom de fuseau connu, comme Europe/London.',
  'error.unauthenticated': 'Non authentifié.',
  'error.xsrf': 'Le jeton CSRF ne correspond pas.',
  'error.credentials': 'Ces identifiants ne correspondent à aucun compte.',
  'error.loginThrottledSeconds': 'Trop de tentatives de connexion. Réessayez dans {count, plural, one {# seconde} other {# secondes}}.',
  'error.loginThrottledMinutes': 'Trop de tentatives de connexion. Réessayez dans {count, plural, one {# minute} other {# minutes}}.',
  'error.throttled': 'Trop de demandes. Réessayez dans {count, plural, one {# minute} other {# minutes}}.',
  'error.inactiveOrganiser': 'Ce compte d’organisateur n’est pas actif. Contactez l’administrateur.',
  'error.twoStepRequired': 'Votre rôle exige la connexion en deux étapes : activez-la dans Mon compte.',
  'error.gallerySold': 'Les photos de cet événement sont en vente : achetez-les dans l’application de l’événement.',
  'error.faceConsentNeeded': 'La recherche par visage demande votre accord : donnez-le d’abord.',
  'error.faceSearchOff': 'La recherche par visage n’est pas proposée pour cet événement.',
  'error.faceSearchClosed': 'Recherche par visage fermée le {day}.',
  'error.faceDataErased':
    'Vos données de visage ont été effacées le {day} à votre demande. La recherche par visage reste désactivée pour vous à cet événement.',
  'error.noConsentToWithdraw': 'Vous n’avez aucun accord en vigueur à retirer.',
  'error.importUndone': 'Cette importation a déjà été annulée.',
  'error.ownAccount': 'Vous ne pouvez pas supprimer votre propre compte.',
  'validation.bibTaken': 'Le dossard {bib} est déjà un participant de cet événement.',
  'mail.gallery.subject': 'Vos photos de {event} sont prêtes',
  'mail.gallery.ready': 'Vos photos de {event} sont prêtes.',
  'mail.gallery.yours': 'Le lien ci-dessous n’est qu’à vous : il ouvre votre galerie personnelle.',
  'mail.gallery.button': 'Voir vos photos',
};
