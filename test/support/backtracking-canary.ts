/**
 * Patterns known to backtrack catastrophically, for test/unit/linear-patterns.test.ts to show
 * that its probe catches them: the spec's e-mail pattern as first written (admin-area §5) and
 * the first image-link pattern. Never used by the app.
 */
export const SPEC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const OLD_LINK_PATTERN = /^https?:\/\/[^\s/]+\S*$/i;
