import { isIsoDate } from '../../common/dates.ts';
import { currentLocale } from '../../lib/i18n.ts';

const at = (d: string) => new Date(`${d}T00:00:00`);
const valid = (d: string) => isIsoDate(d);
/** The reader's locale; English days read as in the spec ("1 May 2030"). */
const locale = () => (currentLocale() === 'en' ? 'en-GB' : currentLocale());

/** "1 May 2030" (in English; the reader's language otherwise) for a card's period; the raw text when it is not a date. */
export const shortDate = (d: string) => (valid(d) ? at(d).toLocaleDateString(locale(), { day: 'numeric', month: 'short', year: 'numeric' }) : d);
/** "Wednesday, 1 May 2030" for the detail's Starting On / Ending On (organiser-console §2: full dates). */
export const fullDate = (d: string) => (valid(d) ? at(d).toLocaleDateString(locale(), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) : d);
