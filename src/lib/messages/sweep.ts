import { sweepEn } from '../../common/i18n/catalogs/sweep/en.ts';
import { addEnglish } from '../i18n.ts';

/**
 * The sweep area's English messages (keys `sweep.…`), added to the console's English when the first
 * module that uses them loads: every console file that names one of these keys imports this
 * module (test/unit/i18n-catalogs.test.ts checks it), so the messages travel in the chunk of the
 * screens that show them rather than in the sign-in script.
 */
addEnglish(sweepEn);
