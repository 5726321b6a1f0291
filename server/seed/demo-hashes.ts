import { hashPassword } from '../lib/auth/passwords.ts';

/**
 * scrypt hashes (lib/auth/passwords.ts format "scrypt$salt$hash", same parameters) of the demo
 * passwords the README prints, made once so a first `npm start` hashes only the admin's password
 * (each hash costs ~60 ms of CPU before the server can listen). A fixed salt is
 * no weakness here: these passwords are public. Never add a real password to this list.
 * unit test demo-hashes checks each still verifies.
 */
export const DEMO_HASHES: Readonly<Record<string, string>> = {
  'Demo-user-1': 'scrypt$797f8d9d270fff61640b6f03986ffdd2$5f8b4b925810c45c843c779c6e7fa4fc304974243580cf59c3082310133e10c8',
  'Editor-demo-1': 'scrypt$62366085ac59d3febb4606ec21a2b3c0$79e1788a47adb0056255f87680d98286249b04a7f5a3e4a66bbeeffdad7a5779',
  'Support-demo-1': 'scrypt$349e01e08aa479ab0f8fb23141597d6f$355856610fe43b9e5dc62c259dd0fdfe51fcf0ceb3718ff17310f8cf6cb91d15',
  'Organiser-demo-1': 'scrypt$6963ae1c663fd2b1807bcc799d94f739$e92947c1b928a93636b13ca65e5ed3f92870e276ca7e1e54963f99b3c82a0d67',
  'Organiser123!': 'scrypt$052753518bfbc3706c68350d0c2b502e$c0f5af0f0607018e1a5b3643f9c1c542df9f6361ffe5ff1eff5a529de483dc98',
};

/** The stored hash of a demo password: the precomputed one when listed, else hashed now. */
export const demoHash = async (password: string): Promise<string> => DEMO_HASHES[password] ?? hashPassword(password);
