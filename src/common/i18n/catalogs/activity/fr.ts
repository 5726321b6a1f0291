import type { activityEn } from './en.ts';

/** French messages of the activity screen (docs/languages.md): every key of ./en.ts, the same arguments. */
export const activityFr: Record<keyof typeof activityEn, string> = {
  'activity.title': 'Activité',
  'activity.search': 'Rechercher un enregistrement',
  'activity.action': 'Action',
  'activity.record': 'Enregistrement',
  'activity.from': 'Du',
  'activity.to': 'Au',
  'activity.showSignIns': 'Afficher les connexions',
  'activity.who': 'Qui : {name}',
  'activity.showEveryone': 'Afficher l’activité de tous, pas seulement celle de {name}',
  'activity.empty': 'Aucune activité ne correspond.',
  'activity.time': 'Heure',
  'activity.whoColumn': 'Qui',
  'activity.onlyThisPerson': 'Afficher seulement l’activité de cette personne',
  'activity.userNumber': 'Utilisateur n° {id}',
  'activity.unknown': 'Inconnu',
  'activity.role': 'Rôle',
  'activity.what': 'Quoi',
  'activity.address': 'Adresse',
  'activity.open': 'Ouvrir : {record}',
  'activity.openNamed': 'Ouvrir : {record} « {label} »',
  'activity.deleted': '(supprimé)',
};
