/** The paged list shape every list call answers (admin-area §3, DESIGN.md §2), declared once in the wire contract. */
export type { Paginator } from '../common/contract/rules.ts';
