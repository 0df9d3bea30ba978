/**
 * Strings kept as UTF-8 bytes in one growing buffer, and a hash table from such strings to numbers:
 * a million-property world's house keys and ids (exact-addresses.ts) without two million heap
 * objects, which held ~130 MB of the worker's heap and were traced by every full garbage collection.
 */

/** An append-only list of strings, read back by position. */
export class PackedStrings {
  private bytes: Buffer = Buffer.allocUnsafe(1 << 16);
  /** Where string i ends in `bytes` (it starts where string i - 1 ends). */
  private ends: Int32Array = new Int32Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Appends `text`; its position. */
  push(text: string): number {
    const start = this.count ? this.ends[this.count - 1]! : 0;
    // At most three bytes per UTF-16 unit.
    if (start + text.length * 3 > this.bytes.length) this.bytes = grown(this.bytes, start + text.length * 3);
    const end = start + this.bytes.write(text, start);
    if (this.count === this.ends.length) this.ends = grownInts(this.ends);
    this.ends[this.count] = end;
    return this.count++;
  }

  get(index: number): string {
    return this.bytes.toString('utf8', index ? this.ends[index - 1]! : 0, this.ends[index]!);
  }

  /** Whether string `index` is these bytes. */
  equals(index: number, bytes: Uint8Array, length: number): boolean {
    const start = index ? this.ends[index - 1]! : 0;
    if (this.ends[index]! - start !== length) return false;
    for (let i = 0; i < length; i++) if (this.bytes[start + i] !== bytes[i]) return false;
    return true;
  }

  /** Whether string `index` is this ASCII text. */
  equalsAscii(index: number, text: string): boolean {
    const start = index ? this.ends[index - 1]! : 0;
    if (this.ends[index]! - start !== text.length) return false;
    for (let i = 0; i < text.length; i++) if (this.bytes[start + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  /** The FNV-1a hash of string `index`'s bytes (as hashBytes gives it). */
  hash(index: number): number {
    const start = index ? this.ends[index - 1]! : 0;
    return hashBytes(this.bytes.subarray(start, this.ends[index]!), this.ends[index]! - start);
  }
}

/** A map from distinct strings to numbers, in typed arrays: open addressing, linear probing. */
export class PackedStringMap {
  private readonly keys = new PackedStrings();
  private values: Int32Array = new Int32Array(1024);
  /** Key index + 1 in each slot (0: empty); a power of two, at most half full. */
  private slots: Int32Array = new Int32Array(2048);
  private scratch: Buffer = Buffer.allocUnsafe(256);

  get size(): number {
    return this.keys.size;
  }

  /** The number kept for `key`; undefined when it has none. */
  get(key: string): number | undefined {
    // An ASCII key (nearly every one) is its own UTF-8: hashed and compared by its char codes, with
    // no encoding (Buffer.write was a third of a lookup).
    const hash = hashAscii(key);
    const slot = hash === -1 ? this.findEncoded(key) : this.findAscii(key, hash);
    const held = this.slots[slot]!;
    return held ? this.values[held - 1] : undefined;
  }

  set(key: string, value: number): void {
    const slot = this.findEncoded(key);
    const held = this.slots[slot]!;
    if (held) {
      this.values[held - 1] = value;
      return;
    }
    const index = this.keys.push(key);
    if (index === this.values.length) this.values = grownInts(this.values);
    this.values[index] = value;
    this.slots[slot] = index + 1;
    if (this.keys.size * 2 > this.slots.length) this.rehash();
  }

  /** The slot holding `key`, or the empty slot where it would go, by its UTF-8 bytes. */
  private findEncoded(key: string): number {
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(key.length * 3);
    const length = this.scratch.write(key);
    const mask = this.slots.length - 1;
    for (let slot = hashBytes(this.scratch, length) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (!held || this.keys.equals(held - 1, this.scratch, length)) return slot;
    }
  }

  /** findEncoded for an ASCII key, whose bytes are its char codes (`hash`: hashAscii's). */
  private findAscii(key: string, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (!held || this.keys.equalsAscii(held - 1, key)) return slot;
    }
  }

  private rehash() {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let index = 0; index < this.keys.size; index++) {
      let slot = this.keys.hash(index) & mask;
      while (slots[slot]) slot = (slot + 1) & mask;
      slots[slot] = index + 1;
    }
    this.slots = slots;
  }
}

/** 32-bit FNV-1a of the first `length` bytes. */
function hashBytes(bytes: Uint8Array, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}

/** hashBytes of an ASCII text's bytes (its char codes); -1 when it is not ASCII. */
function hashAscii(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return -1;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  return hash >>> 0;
}

function grown(bytes: Buffer, atLeast: number): Buffer {
  const next = Buffer.allocUnsafe(Math.max(bytes.length * 2, atLeast));
  bytes.copy(next);
  return next;
}

function grownInts(ints: Int32Array): Int32Array {
  const next = new Int32Array(ints.length * 2);
  next.set(ints);
  return next;
}
