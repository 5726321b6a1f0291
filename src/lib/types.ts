/** The paged list shape every list call answers (admin-area §3, DESIGN.md §2). */
export interface Paginator<T> { current_page: number; per_page: number; total: number; last_page: number; data: T[] }
