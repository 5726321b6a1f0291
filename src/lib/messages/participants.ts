import { participantsEn } from '../../common/i18n/catalogs/participants/en.ts';
import { addEnglish } from '../i18n.ts';

/**
 * The English messages of an event's Participants and Photos tabs (keys `organiser.participants.…`,
 * `organiser.photos.…`, `organiser.upload.…`, `organiser.duplicates.…`, `organiser.importParticipants.…`),
 * added to the console's English when the first module that uses them loads: every console file
 * that names one of these keys imports this module (test/unit/i18n-catalogs.test.ts checks it), so
 * the messages travel in the chunk of those tabs rather than with every organiser screen.
 */
addEnglish(participantsEn);
