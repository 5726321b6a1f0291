import type { activityEn } from './en.ts';

/** Spanish messages of the activity screen (docs/languages.md): every key of ./en.ts, the same arguments. */
export const activityEs: Record<keyof typeof activityEn, string> = {
  'activity.title': 'Actividad',
  'activity.search': 'Buscar registro',
  'activity.action': 'Acción',
  'activity.record': 'Registro',
  'activity.from': 'Desde',
  'activity.to': 'Hasta',
  'activity.showSignIns': 'Mostrar inicios de sesión',
  'activity.who': 'Quién: {name}',
  'activity.showEveryone': 'Mostrar la actividad de todos, no solo la de {name}',
  'activity.empty': 'Ninguna actividad coincide.',
  'activity.time': 'Hora',
  'activity.whoColumn': 'Quién',
  'activity.onlyThisPerson': 'Mostrar solo la actividad de esta persona',
  'activity.userNumber': 'Usuario n.º {id}',
  'activity.unknown': 'Desconocido',
  'activity.role': 'Rol',
  'activity.what': 'Qué',
  'activity.address': 'Dirección',
  'activity.open': 'Abrir: {record}',
  'activity.openNamed': 'Abrir: {record} «{label}»',
  'activity.deleted': '(eliminado)',
};
