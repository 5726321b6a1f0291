import type { leasesEn } from './en.ts';

/** Edit leases' messages in fr (docs/languages.md): every key of ./en.ts, the same arguments. */
export const leasesFr: Record<keyof typeof leasesEn, string> = {
  'leases.heldBy': 'En cours de modification par {name} depuis {time}',
  'leases.heldByYou': 'Vous modifiez déjà cette fiche dans un autre onglet ou une autre fenêtre depuis {time}',
  'leases.choose':
    'Enregistrer maintenant pourrait écraser ses modifications. Consultez la fiche en lecture seule, ou prenez la main : son formulaire passe alors en lecture seule et garde ce qui a été saisi.',
  'leases.viewReadOnly': 'Consulter en lecture seule',
  'leases.takeOver': 'Prendre la main',
  'leases.readOnly': 'Lecture seule : {name} modifie cette fiche.',
  'leases.takenBy': '{name} a pris la main sur la modification à {time}.',
  'leases.takenHelp':
    'Ce formulaire est maintenant en lecture seule. Ce que vous avez saisi est toujours là et n’a pas été enregistré : copiez-le avant de fermer le formulaire.',
};
