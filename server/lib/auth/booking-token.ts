import { randomBytes } from 'node:crypto';

/** A booking token's letters: no look-alikes (0/O, 1/I), easy to read out at a gate. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new booking token: 8 random characters of ALPHABET (organiser-console §2 "Bookings", status Confirmed). */
export const newBookingToken = (): string => [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
