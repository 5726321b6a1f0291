import type { ConsoleIconName } from './resource-shapes.ts';
import { RESOURCE_ENTRIES, type RESOURCES } from './resources.ts';

/**
 * The organiser console's screens, derived from the resources' `console` declarations
 * (resources.ts): the sidebar and the console's route table follow from this list. Pure.
 */

/** A resource with a screen in the organiser console (its `console` declaration). */
export type ConsoleResourceKey = { [K in keyof typeof RESOURCES]: (typeof RESOURCES)[K] extends { console: object } ? K : never }[keyof typeof RESOURCES];
/** The organiser console's screens after its dashboard, in sidebar order, from the resources' `console` declarations. */
export const ORGANISER_CONSOLE_SCREENS: readonly { key: ConsoleResourceKey; path: string; icon: ConsoleIconName }[] = RESOURCE_ENTRIES.flatMap(([key, r]) =>
  r.console ? [{ key: key as ConsoleResourceKey, path: r.console.path, icon: r.console.icon, order: r.console.order }] : [],
)
  .sort((a, b) => a.order - b.order)
  .map(({ key, path, icon }) => ({ key, path, icon }));
