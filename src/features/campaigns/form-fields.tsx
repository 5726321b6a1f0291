import '../../lib/messages/campaigns.ts';
import type { ReactElement, ReactNode } from 'react';
import { FormField as SharedFormField } from '../../components/form-field.tsx';
import type { MessageKey } from '../../common/i18n/catalogs/en.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The shared FormField with the campaign form's own error state (organiser-console §5: errors
 * show once a field is touched, kept in campaign-form-state.ts): `id` is the control's id.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactElement<object>;
}) {
  return (
    <SharedFormField bind={{ id, errorId: `${id}-error`, error, onEdit: () => undefined }} label={label} required={required} hint={hint}>
      {children}
    </SharedFormField>
  );
}

/** Props that tie an input to its FormField's error. */
export const errorProps = (id: string, error?: string) =>
  ({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined }) as const;

/** The options of a select from [value, label] pairs. */
export const options = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([v, l]) => (
    <option key={v} value={v}>
      {l}
    </option>
  ));

/** The catalog key of each option of the campaign form's selects (organiser-console §3), by list and value. */
const OPTION_KEYS = {
  campaign_type: { '1': 'campaigns.type.image', '2': 'campaigns.type.video', '3': 'campaigns.type.conference', '4': 'campaigns.type.photoApp' },
  application: { '1': 'campaigns.option.combined', '2': 'campaigns.option.faceSearch', '3': 'campaigns.option.bibSearch' },
  sale_event: { '0': 'campaigns.option.free', '1': 'campaigns.option.salesEvent', '2': 'campaigns.option.salesPrepaid' },
  is_dynamic_branding: { '0': 'campaigns.option.no', '1': 'campaigns.option.yes' },
} as const satisfies Record<string, Record<string, MessageKey>>;

/** A select's option list. */
export type OptionList = keyof typeof OPTION_KEYS;

/** The words of value `v` of `list` in the reader's language, or `fallback` (else the value) when the list lacks it. */
export function optionName(list: OptionList, v: string | number, fallback?: string): string {
  const key = (OPTION_KEYS[list] as Record<string, MessageKey>)[String(v)];
  return key ? t(key) : (fallback ?? String(v));
}

/** [value, words] pairs of `list`'s values, in the reader's language. */
export const optionPairs = (list: OptionList, pairs: readonly (readonly [string, string])[]) => pairs.map(([v]) => [v, optionName(list, v)] as const);
