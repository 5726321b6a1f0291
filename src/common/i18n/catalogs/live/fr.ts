import type { liveEn } from './en.ts';

/** Working together's messages in fr (docs/languages.md): every key of ./en.ts, the same arguments. */
export const liveFr: Record<keyof typeof liveEn, string> = {
  'live.conflict.title': '{name} a modifié cet enregistrement à {when}, après que vous l’avez ouvert.',
  'live.conflict.titleSomeone': 'Quelqu’un a modifié cet enregistrement après que vous l’avez ouvert.',
  'live.conflict.help':
    'Ce que vous avez saisi est toujours dans le formulaire. Pour chaque champ ci-dessous, gardez votre version, prenez la sienne ou combinez les deux, puis enregistrez à nouveau.',
  'live.conflict.none': 'Sa modification est identique à la vôtre dans chaque champ. Enregistrez à nouveau pour la garder.',
  'live.conflict.theirs': 'La sienne',
  'live.conflict.yours': 'La vôtre',
  'live.conflict.empty': '(vide)',
  'live.conflict.keepMine': 'Garder la mienne',
  'live.conflict.takeTheirs': 'Prendre la sienne',
  'live.conflict.combine': 'Combiner les deux',
  'live.conflict.keepAllMine': 'Tout garder de mon côté',
  'live.conflict.takeAllTheirs': 'Tout prendre de son côté',
  'live.conflict.fields': 'Champs modifiés par vous deux',
  'live.list.updated': '{count, plural, one {# modifié} other {# modifiés}}',
  'live.list.show': 'Afficher',
  'live.list.deletedBy': 'Supprimé par {name} à l’instant',
  'live.booking.changed':
    '{name} a modifié cette réservation à {when}, après que vous l’avez vue : elle est maintenant {status}. Votre décision n’a pas été enregistrée.',
  'live.booking.changedSomeone':
    'Quelqu’un d’autre a modifié cette réservation après que vous l’avez vue : elle est maintenant {status}. Votre décision n’a pas été enregistrée.',
};
