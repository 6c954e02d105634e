import { randomInt } from 'node:crypto';
import { formatTicketNumber } from '@heliline/domain';
import type { DbOrTrx } from '../../db/database.ts';
import { takenNumbers } from './queries.ts';

/**
 * `count` fresh 7-digit ticket numbers, drawn at random from 1000000–9999999 so that one
 * ticket number does not reveal the next (sequential numbers would let anyone enumerate
 * tickets). Numbers already in the table are drawn again; the primary key is the last word.
 */
export async function freshTicketNumbers(db: DbOrTrx, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count; round++) {
    if (round > 20) throw new Error('could not draw free ticket numbers');
    const draw = new Set<string>();
    while (draw.size < count - chosen.size) {
      const n = formatTicketNumber(randomInt(1_000_000, 10_000_000));
      if (!chosen.has(n)) draw.add(n);
    }
    const taken = await takenNumbers(db, [...draw]);
    for (const n of draw) if (!taken.has(n)) chosen.add(n);
  }
  return [...chosen];
}
