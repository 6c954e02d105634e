/**
 * Column types shared by the table definitions (schema*.ts). Portable types only (decision
 * 001): booleans are 0/1 integers on both databases.
 */
export type Bool = 0 | 1;
