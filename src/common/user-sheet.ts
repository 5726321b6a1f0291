/**
 * The user import sheet's columns, in order (DESIGN.md §4): the role is given by name. The
 * console's preview, the offered CSV template (static/templates/users-template.csv) and the
 * server's import all read this one list.
 */
export const USER_IMPORT_COLUMNS = ['name', 'email', 'password', 'role'] as const;
