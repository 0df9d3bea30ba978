import { copyOut } from './copy-out.js';
import { forEachCopyLine, unescapeCopyText } from './copy-text.js';
import { withOwnConnection, type Db } from './database.js';

/** Reading the world's houses whole, for the geocoder's exact step in memory (domain/geocoder/exact-addresses.ts). */

const TAB = 0x09;
const BACKSLASH = 0x5c;

/** A property at its house: what the exact step compares and what it answers. */
export interface House {
  /**
   * The ZIP (without the blanks bpchar pads it with, which its comparison ignores), street key and
   * house number, joined by tabs: domain/geocoder/exact-addresses.ts houseKey. One string read
   * whole from the COPY's line, not three joined (a million of those would be held as ropes).
   */
  key: string;
  unit: string | null;
  id: string;
  lat: number;
  lng: number;
}

/**
 * Hands every property to `add`, in one REPEATABLE READ snapshot of
 * world `revision`; false (nothing read) when the world is no longer at it. Streamed as COPY sends
 * them: about 3.5 s for a million properties.
 */
export async function readHouses(db: Db, revision: string, add: (house: House) => void): Promise<boolean> {
  return withOwnConnection(db, 'Reading the houses', async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ revision: string }>('SELECT revision::text AS revision FROM world_revision');
    if (rows[0]?.revision !== revision) {
      await client.query('ROLLBACK');
      return false;
    }
    const stream = client.query(
      copyOut('COPY (SELECT rtrim(zip), street_key, house_number, unit, id, lat, lng FROM properties) TO STDOUT'),
    );
    const text = (data: Buffer, start: number, end: number) => unescapeCopyText(data.toString('utf8', start, end));
    await forEachCopyLine(stream as AsyncIterable<Buffer>, (data, start, end) => {
      const t1 = data.indexOf(TAB, start);
      const t2 = data.indexOf(TAB, t1 + 1);
      const t3 = data.indexOf(TAB, t2 + 1);
      const t4 = data.indexOf(TAB, t3 + 1);
      const t5 = data.indexOf(TAB, t4 + 1);
      const t6 = data.indexOf(TAB, t5 + 1);
      const unit = data.toString('utf8', t3 + 1, t4);
      add({
        // (A field holding an escaped tab would be read as two: the three are unescaped one by one then.)
        key:
          data.lastIndexOf(BACKSLASH, t3) < start
            ? data.toString('utf8', start, t3)
            : [text(data, start, t1), text(data, t1 + 1, t2), text(data, t2 + 1, t3)].join('\t'),
        unit: unit === '\\N' ? null : unescapeCopyText(unit),
        id: text(data, t4 + 1, t5),
        lat: Number(data.toString('latin1', t5 + 1, t6)),
        lng: Number(data.toString('latin1', t6 + 1, end)),
      });
    });
    await client.query('COMMIT');
    return true;
  });
}
