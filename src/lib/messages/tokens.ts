import { tokensEn } from '../../common/i18n/catalogs/tokens/en.ts';
import { addEnglish } from '../i18n.ts';

/**
 * My account → API tokens' English messages (keys `tokens.…`), added to the console's English when
 * the first module that uses them loads (docs/languages.md "Adding an area of messages").
 */
addEnglish(tokensEn);
