/** Types of scripts/backup.mjs (the server's tests import it). */
export declare const CONFIRM_FLAG: string;
export declare function backup(options?: { databaseUrl?: string; dir?: string; schema?: string; now?: Date }): Promise<string>;
export declare function restore(options?: { databaseUrl?: string; file?: string; confirm?: boolean; to?: string }): Promise<string>;
