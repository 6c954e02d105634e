// mailparser 3.7.4 ships no types and @types/mailparser is not installed: the part the tests use.
declare module 'mailparser' {
  import type { Readable } from 'node:stream';
  interface AddressObject {
    value: { address?: string; name: string }[];
    text: string;
  }
  export interface ParsedMail {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    replyTo?: AddressObject;
    text?: string;
    html?: string | false;
    headers: Map<string, unknown>;
  }
  export function simpleParser(source: Readable | Buffer | string): Promise<ParsedMail>;
}
