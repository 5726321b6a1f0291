import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { storedZip, unzipText, ZipLimitError } from '../../server/lib/files/zip.ts';

// storedZip hands read-excel-file's public reader what the bounded unzip let through: the same
// entries, uncompressed, so reading it back can never inflate past the caps already applied.

test('storedZip round-trips names and UTF-8 text through the bounded reader, every entry stored uncompressed', () => {
  const entries = {
    'xl/worksheets/sheet1.xml': '<row><c><v>Müller Ökonom 漢字</v></c></row>'.repeat(50),
    'xl/_rels/workbook.xml.rels': '<Relationships/>',
    'Größe.xml': '',
  };
  const zip = storedZip(entries);
  const bytes = Object.values(entries).reduce((n, s) => n + Buffer.byteLength(s), 0);
  assert.ok(zip.length > bytes, 'no entry is compressed');
  assert.equal(
    unzipText(zip, () => true, 1 << 20, 1 << 20),
    entries,
  );
  // The copy is still subject to the caps: it inflates to exactly its entries' bytes.
  assert.throws(
    () => unzipText(zip, () => true, 1000, 1 << 20),
    (e: unknown) => e instanceof ZipLimitError,
  );
});

test.run();
