// server/lib/spreadsheets/spreadsheet-worker.ts
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

// src/common/csv.ts
var QUOTE = 34;
var COMMA = 44;
var LF = 10;
var CR = 13;
var BOM = 65279;
function parseCsv(text, onRow) {
  const n = text.length;
  const rows = [];
  let row = [];
  let field = "";
  let i = text.charCodeAt(0) === BOM ? 1 : 0;
  let fieldStart = true;
  let inRecord = false;
  let stopped = false;
  const emit = (r) => {
    if (!onRow) rows.push(r);
    else if (onRow(r) === false) stopped = true;
  };
  while (i < n && !stopped) {
    const c = text.charCodeAt(i);
    inRecord = true;
    if (c === QUOTE && fieldStart) {
      i++;
      for (; ; ) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          field += text.slice(i);
          i = n;
          break;
        }
        field += text.slice(i, q);
        if (text.charCodeAt(q + 1) === QUOTE) {
          field += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      fieldStart = false;
    } else if (c === COMMA) {
      row.push(field);
      field = "";
      fieldStart = true;
      i++;
    } else if (c === LF || c === CR) {
      row.push(field);
      emit(row);
      row = [];
      field = "";
      fieldStart = true;
      inRecord = false;
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === COMMA || d === LF || d === CR) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
      fieldStart = false;
    }
  }
  if (inRecord && !stopped) {
    row.push(field);
    emit(row);
  }
  return rows;
}

// src/common/sheet-rules.ts
var SHEET_MAX_BYTES = 10 * 1024 * 1024;
var SHEET_MAX_ROWS = 5e4;
var SHEET_MAX_UNPACKED = 100 * 1024 * 1024;
var NOT_A_SPREADSHEET = "The file must be a spreadsheet (.csv or .xlsx).";
var tooManyRows = (max) => `The file may not have more than ${max.toLocaleString("en-US")} rows.`;
var TOO_MANY_ROWS = tooManyRows(SHEET_MAX_ROWS);
var cellText = (v) => v == null ? "" : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);

// server/lib/files/zip.ts
import { crc32, inflateRawSync } from "node:zlib";
var ZipLimitError = class extends Error {
  constructor(limit) {
    super(`unpacks to more than ${limit} bytes`);
    this.limit = limit;
  }
};
var ZipFormatError = class extends Error {
};
var EOCD = 101010256;
var CENTRAL = 33639248;
var LOCAL = 67324752;
function unzipText(bytes, wanted, maxEntry, maxTotal) {
  const out = {};
  let used = 0;
  for (const e of centralDirectory(bytes)) {
    if (!wanted(e.name)) continue;
    const data = entryData(bytes, e);
    const allowance = Math.min(maxEntry, maxTotal - used);
    let inflated;
    if (e.method === 0) {
      if (data.length > allowance) throw new ZipLimitError(allowance === maxEntry ? maxEntry : maxTotal);
      inflated = data;
    } else {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, allowance) });
      } catch (err) {
        if (err.code === "ERR_BUFFER_TOO_LARGE") throw new ZipLimitError(allowance === maxEntry ? maxEntry : maxTotal);
        throw new ZipFormatError("bad deflate data");
      }
    }
    used += inflated.length;
    out[e.name] = inflated.toString("utf8");
  }
  return out;
}
function centralDirectory(b) {
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (b.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError("no end of central directory");
  const count = b.readUInt16LE(end + 10);
  let p = b.readUInt32LE(end + 16);
  if (count === 65535 || p === 4294967295) throw new ZipFormatError("zip64");
  const entries = [];
  for (let k = 0; k < count; k++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError("bad central directory");
    const flags = b.readUInt16LE(p + 8);
    const method = b.readUInt16LE(p + 10);
    const compressed = b.readUInt32LE(p + 20);
    const nameLen = b.readUInt16LE(p + 28), extraLen = b.readUInt16LE(p + 30), commentLen = b.readUInt16LE(p + 32);
    const offset = b.readUInt32LE(p + 42);
    if (flags & 1) throw new ZipFormatError("encrypted");
    if (method !== 0 && method !== 8) throw new ZipFormatError("unsupported method");
    if (compressed === 4294967295 || offset === 4294967295) throw new ZipFormatError("zip64");
    entries.push({ name: b.toString("utf8", p + 46, p + 46 + nameLen), method, compressed, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}
function entryData(b, e) {
  if (e.offset + 30 > b.length || b.readUInt32LE(e.offset) !== LOCAL) throw new ZipFormatError("bad local header");
  const start = e.offset + 30 + b.readUInt16LE(e.offset + 26) + b.readUInt16LE(e.offset + 28);
  if (start + e.compressed > b.length) throw new ZipFormatError("truncated");
  return b.subarray(start, start + e.compressed);
}
function storedZip(entries) {
  const names = Object.keys(entries);
  if (names.length > 65535) throw new ZipFormatError("too many entries");
  const parts = [], central = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name), data = Buffer.from(entries[name]), crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(2048, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(CENTRAL, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(2048, 8);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(n.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, n, data);
    central.push(cd, n);
    offset += 30 + n.length + data.length;
    if (offset > 4294967295) throw new ZipFormatError("too large");
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

// server/lib/spreadsheets/spreadsheet-parse.ts
var mb = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
async function parseSheetBytes(job) {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const collector = rowCollector(job.maxRows);
  if (job.kind === "csv") {
    if (bytes.includes(0)) return { ok: false, message: NOT_A_SPREADSHEET };
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, message: NOT_A_SPREADSHEET };
    }
    parseCsv(text, collector.add);
    return collector.result();
  }
  let entries;
  try {
    entries = unzipText(bytes, (name) => /\.(xml|rels)$/i.test(name), job.maxInflate, job.maxInflate);
  } catch (err) {
    if (err instanceof ZipLimitError) return { ok: false, message: `The file may not unpack to more than ${mb(job.maxInflate)}.` };
    if (err instanceof ZipFormatError) return { ok: false, message: NOT_A_SPREADSHEET };
    throw err;
  }
  for (const [name, xml] of Object.entries(entries)) {
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name) && valuedRows(xml, job.maxRows + 2) > job.maxRows + 1) {
      return { ok: false, message: tooManyRows(job.maxRows) };
    }
  }
  let table;
  try {
    table = await readWorkbook(entries);
  } catch {
    return { ok: false, message: NOT_A_SPREADSHEET };
  }
  for (const r of table) if (collector.add(r.map(cellText)) === false) break;
  return collector.result();
}
function rowCollector(maxRows) {
  let header = null;
  let index = 0;
  const rows = [];
  return {
    add: (cells) => {
      index++;
      if (header === null) {
        header = cells;
        return true;
      }
      const trimmed = cells.map((s) => s.trim());
      if (trimmed.some((s) => s !== "")) rows.push({ row: index, cells: trimmed });
      return rows.length <= maxRows;
    },
    result: () => {
      if (rows.length > maxRows) return { ok: false, message: tooManyRows(maxRows) };
      const shape = new Int32Array(rows.length * 2);
      rows.forEach((r, i) => {
        shape[2 * i] = r.row;
        shape[2 * i + 1] = r.cells.length;
      });
      return { ok: true, header, cells: rows.map((r) => r.cells.join("\0")).join("\0"), shape };
    }
  };
}
function valuedRows(xml, stop) {
  let n = 0;
  let at = xml.indexOf("<row");
  while (at >= 0 && n < stop) {
    const next = xml.indexOf("<row", at + 4);
    const body = xml.slice(at, next < 0 ? void 0 : next);
    if (body.includes("<v") || body.includes("<is")) n++;
    at = next;
  }
  return n;
}
async function readWorkbook(entries) {
  const { default: readXlsxFile } = await import("read-excel-file/node");
  return readXlsxFile(storedZip(entries));
}

// server/lib/http/multipart-parse.ts
var MULTIPART_IN_WORKER = 256 * 1024;
async function parseMultipart(job) {
  try {
    const form = await new Response(job.bytes, { headers: { "Content-Type": job.contentType } }).formData();
    const fields = [];
    const files = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields.push([name, value]);
      else files.push([name, value.name, value.type, await value.arrayBuffer()]);
    }
    return { ok: true, fields, files };
  } catch {
    return { ok: false };
  }
}

// server/lib/spreadsheets/spreadsheet-worker.ts
var PARSER_NICE = 19;
if (process.platform === "linux") try {
  setPriority(PARSER_NICE);
} catch {
}
parentPort.on("message", async (job) => {
  if ("op" in job && job.op === "multipart") {
    const r = await parseMultipart(job);
    parentPort.postMessage(r, r.ok ? r.files.map((f) => f[3]) : []);
    return;
  }
  let result;
  try {
    result = await parseSheetBytes(job);
  } catch {
    result = { ok: false, message: "The file could not be read." };
  }
  parentPort.postMessage(result, result.ok ? [result.shape.buffer] : []);
});
export {
  PARSER_NICE
};
