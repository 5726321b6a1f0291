import { editorEn } from '../../common/i18n/catalogs/editor/en.ts';
import { addEnglish } from '../i18n.ts';

/**
 * The template editor's English messages (keys `campaigns.editor.…`), added to the console's English when the first
 * module that uses them loads: every console file that names one of these keys imports this
 * module (test/unit/i18n-catalogs.test.ts checks it), so the messages travel in the chunk of the
 * editor step rather than with every campaigns screen.
 */
addEnglish(editorEn);
