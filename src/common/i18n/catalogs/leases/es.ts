import type { leasesEn } from './en.ts';

/** Edit leases' messages in es (docs/languages.md): every key of ./en.ts, the same arguments. */
export const leasesEs: Record<keyof typeof leasesEn, string> = {
  'leases.heldBy': '{name} lo está editando desde las {time}',
  'leases.heldByYou': 'Ya está editando este registro en otra pestaña o ventana desde las {time}',
  'leases.choose':
    'Guardar ahora podría sobrescribir sus cambios. Vea el registro en modo de solo lectura o tome el control: su formulario pasará a solo lectura y conservará lo que haya escrito.',
  'leases.viewReadOnly': 'Ver en solo lectura',
  'leases.takeOver': 'Tomar el control',
  'leases.readOnly': 'Solo lectura: {name} está editando este registro.',
  'leases.takenBy': '{name} tomó el control de la edición a las {time}.',
  'leases.takenHelp': 'Este formulario ahora es de solo lectura. Lo que escribió sigue aquí y no se guardó: cópielo antes de cerrar el formulario.',
};
