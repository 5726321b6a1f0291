import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * Builds an `.xlsx`-shaped zip whose worksheet entry inflates to `unpacked` bytes of highly
 * compressible XML (a zip bomb: a few hundred KB on the wire, hundreds of MB inflated). Built
 * with node:zlib streaming so the test itself never holds the inflated text.
 */
export async function zipBomb(unpacked: number): Promise<File> {
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const row = '<row><c t="inlineStr"><is><t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</t></is></c></row>';
  const chunk = Buffer.from(row.repeat(Math.ceil((1 << 20) / row.length)));
  const entries: [string, Buffer][] = [
    ['[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')],
    [
      'xl/workbook.xml',
      Buffer.from(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    ],
  ];
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const add = (name: string, data: Buffer, crc: number, size: number) => {
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(n.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(size >>> 0, 24);
    cd.writeUInt16LE(n.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, n, data);
    central.push(cd, n);
    offset += 30 + n.length + data.length;
  };
  for (const [name, text] of entries) add(name, await deflate([text]), crc32(text), text.length);

  let crc = crc32(head),
    size = head.length;
  const body = function* () {
    yield Buffer.from(head);
    for (let left = unpacked - head.length; left > 0; left -= chunk.length) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      crc = crc32(piece, crc);
      size += piece.length;
      yield piece;
    }
  };
  const sheet = await deflate(body());
  add('xl/worksheets/sheet1.xml', sheet, crc, size);

  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new File([Buffer.concat([...parts, cd, end])], 'bomb.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

function deflate(chunks: Iterable<Buffer>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = createDeflateRaw({ level: 9 });
    const out: Buffer[] = [];
    z.on('data', (d: Buffer) => out.push(d))
      .on('end', () => resolve(Buffer.concat(out)))
      .on('error', reject);
    const it = chunks[Symbol.iterator]();
    const pump = () => {
      for (let r = it.next(); !r.done; r = it.next())
        if (!z.write(r.value)) {
          z.once('drain', pump);
          return;
        }
      z.end();
    };
    pump();
  });
}
