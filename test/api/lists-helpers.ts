import type { TestApi } from './harness.ts';
import { parseCsv } from '../../src/common/csv.ts';

/**
 * A CSV export as the browser gets it: raw bytes (so the BOM is visible), headers, and the rows
 * read back with the console's CSV parser.
 */
export async function download(api: TestApi, p: string, token: string) {
  const res = await fetch(`${api.url}/api/${p}`, { headers: { Authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { status: res.status, headers: res.headers, bom, text, rows: res.status === 200 ? parseCsv(text.replace(/^\uFEFF/, '')) : [] };
}

/** Names that break naive CSV: a comma, quotes, accents and a leading '='. */
export const TRICKY = ['Smith, Anna', 'Jo "Jojo" Lee', 'Zoë Ærø-Ñúñez', '=HYPERLINK("http://x")'];
