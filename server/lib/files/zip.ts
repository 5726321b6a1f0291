import { crc32, inflateRawSync } from 'node:zlib';

/**
 * A bounded zip reader for `.xlsx` workbooks (DESIGN.md §4), used inside the spreadsheet worker.
 *
 * Reads the central directory of `bytes`, then inflates the entries `wanted(name)` accepts with
 * node:zlib's `inflateRawSync` and `maxOutputLength`, which stops inflating the moment an entry
 * passes its allowance: `maxEntry` bytes per entry and `maxTotal` bytes for all entries together.
 * The sizes a zip declares are not trusted; only the inflated byte count is.
 *
 * Returns entry name -> UTF-8 text. Throws `ZipLimitError` (with the limit in bytes) when a cap
 * is passed, and `ZipFormatError` for anything that is not a plain zip (encrypted, zip64,
 * truncated, a method other than stored/deflate).
 */
export class ZipLimitError extends Error {
  constructor(readonly limit: number) {
    super(`unpacks to more than ${limit} bytes`);
  }
}
export class ZipFormatError extends Error {}

const EOCD = 0x06054b50,
  CENTRAL = 0x02014b50,
  LOCAL = 0x04034b50;

/**
 * The UTF-8 text of the `wanted` entries of the zip `bytes`, by entry name; `maxEntry` and
 * `maxTotal` are inflated-byte caps. Throws ZipLimitError or ZipFormatError (see above).
 */
export function unzipText(bytes: Buffer, wanted: (name: string) => boolean, maxEntry: number, maxTotal: number): Record<string, string> {
  const out: Record<string, string> = {};
  let used = 0;
  for (const e of centralDirectory(bytes)) {
    if (!wanted(e.name)) continue;
    const data = entryData(bytes, e);
    const allowance = Math.min(maxEntry, maxTotal - used);
    let inflated: Buffer;
    if (e.method === 0) {
      if (data.length > allowance) throw new ZipLimitError(allowance === maxEntry ? maxEntry : maxTotal);
      inflated = data;
    } else {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, allowance) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipLimitError(allowance === maxEntry ? maxEntry : maxTotal);
        throw new ZipFormatError('bad deflate data');
      }
    }
    used += inflated.length;
    out[e.name] = inflated.toString('utf8');
  }
  return out;
}

interface Entry {
  name: string;
  method: number;
  compressed: number;
  offset: number;
}

function centralDirectory(b: Buffer): Entry[] {
  // The end record sits in the last 22 bytes plus an optional comment of up to 65,535 bytes.
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError('no end of central directory');
  const count = b.readUInt16LE(end + 10);
  let p = b.readUInt32LE(end + 16);
  if (count === 0xffff || p === 0xffffffff) throw new ZipFormatError('zip64');
  const entries: Entry[] = [];
  for (let k = 0; k < count; k++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError('bad central directory');
    const flags = b.readUInt16LE(p + 8);
    const method = b.readUInt16LE(p + 10);
    const compressed = b.readUInt32LE(p + 20);
    const nameLen = b.readUInt16LE(p + 28),
      extraLen = b.readUInt16LE(p + 30),
      commentLen = b.readUInt16LE(p + 32);
    const offset = b.readUInt32LE(p + 42);
    if (flags & 1) throw new ZipFormatError('encrypted');
    if (method !== 0 && method !== 8) throw new ZipFormatError('unsupported method');
    if (compressed === 0xffffffff || offset === 0xffffffff) throw new ZipFormatError('zip64');
    entries.push({ name: b.toString('utf8', p + 46, p + 46 + nameLen), method, compressed, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function entryData(b: Buffer, e: Entry): Buffer {
  if (e.offset + 30 > b.length || b.readUInt32LE(e.offset) !== LOCAL) throw new ZipFormatError('bad local header');
  const start = e.offset + 30 + b.readUInt16LE(e.offset + 26) + b.readUInt16LE(e.offset + 28);
  if (start + e.compressed > b.length) throw new ZipFormatError('truncated');
  return b.subarray(start, start + e.compressed);
}

/**
 * A plain zip of `entries` (name -> text, written as UTF-8), every entry stored uncompressed:
 * whatever reads it back can inflate nothing beyond the archive's own size. Used to hand
 * read-excel-file's public reader the entries `unzipText` let through within its caps
 * (lib/spreadsheets/spreadsheet-parse.ts). Throws ZipFormatError past 65,535 entries or 4 GB (no zip64).
 */
export function storedZip(entries: Record<string, string>): Buffer {
  const names = Object.keys(entries);
  if (names.length > 0xffff) throw new ZipFormatError('too many entries');
  const parts: Buffer[] = [],
    central: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name),
      data = Buffer.from(entries[name]),
      crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // version 2.0; names in UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(CENTRAL, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(n.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, n, data);
    central.push(cd, n);
    offset += 30 + n.length + data.length;
    if (offset > 0xffffffff) throw new ZipFormatError('too large');
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}
