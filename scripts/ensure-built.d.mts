/** Types of scripts/ensure-built.mjs (the bench and the server's scale and fault tests import it). */
export declare const ROOT: string;
export declare const SERVER_ENTRY: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare function ensureBuilt(names: ('web' | 'server')[]): void;
