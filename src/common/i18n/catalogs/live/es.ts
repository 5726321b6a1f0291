import type { liveEn } from './en.ts';

/** Working together's messages in es (docs/languages.md): every key of ./en.ts, the same arguments. */
export const liveEs: Record<keyof typeof liveEn, string> = {
  'live.conflict.title': '{name} cambió este registro a las {when}, después de que lo abriera.',
  'live.conflict.titleSomeone': 'Alguien cambió este registro después de que lo abriera.',
  'live.conflict.help':
    'Lo que escribió sigue en el formulario. Para cada campo de abajo, conserve lo suyo, tome lo de la otra persona o combine ambos, y guarde de nuevo.',
  'live.conflict.none': 'Su cambio es igual al suyo en todos los campos. Guarde de nuevo para conservarlo.',
  'live.conflict.theirs': 'De la otra persona',
  'live.conflict.yours': 'Suyo',
  'live.conflict.empty': '(vacío)',
  'live.conflict.keepMine': 'Conservar lo mío',
  'live.conflict.takeTheirs': 'Tomar lo suyo',
  'live.conflict.combine': 'Combinar ambos',
  'live.conflict.keepAllMine': 'Conservar todo lo mío',
  'live.conflict.takeAllTheirs': 'Tomar todo lo suyo',
  'live.conflict.fields': 'Campos que ambos cambiaron',
  'live.list.updated': '{count, plural, one {# actualizado} other {# actualizados}}',
  'live.list.show': 'Mostrar',
  'live.list.deletedBy': 'Eliminado por {name} hace un momento',
  'live.booking.changed': '{name} cambió esta reserva a las {when}, después de que usted la viera: ahora está {status}. Su decisión no se guardó.',
  'live.booking.changedSomeone': 'Otra persona cambió esta reserva después de que usted la viera: ahora está {status}. Su decisión no se guardó.',
};
