import { fmt } from './lib.ts';
import type { RoundFigures } from './load-client.ts';

/**
 * The mixed-load bench's table (bench/mixed-load.ts): per write share, each side's figures (the
 * median of its rounds) and the product/reference ratios, each the median of the per-round
 * ratios (round r of the product against round r of the reference, run one after the other), with
 * issue 42's "Done when" targets beside them.
 */

export type Side = 'reference' | 'product';
/** One round of one side: the load client's figures and the server's peak RSS (MB) over it. */
export type Measured = RoundFigures & { peakMb: number; peakReset: boolean };

const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

type Key = 'cpuPerRequest' | 'rps' | 'readP50' | 'readP99' | 'writeP50' | 'writeP99' | 'peakMb';
const sideMedian = (rounds: Measured[], key: Key) => median(rounds.map((r) => r[key]));
const ratio = (p: Measured[], r: Measured[], key: Key) => median(p.map((x, i) => x[key] / r[i][key]));

/** Issue 42's targets for the ratio of `key` at write share `share`, as printed. */
function target(key: Key, share: number): string {
  if (key === 'rps') return share === 0 ? '≥ 1.3×' : share <= 0.05 ? '≥ 0.95×' : '≥ 0.85×';
  if (key === 'cpuPerRequest') return share === 0.05 ? '≤ 1.1×' : '';
  if (key === 'writeP99') return '≤ 1.5×';
  if (key === 'peakMb') return '≤ 1.3×';
  return '';
}

const ms = (v: number, d = 1) => (Number.isNaN(v) ? '—'.padStart(9) : `${fmt(v, d).padStart(6)} ms`);

export const HEADER = 'writes  server      CPU/req   req/s   read p50   read p99  write p50  write p99  peak RSS  errors';

/** The lines of one write share: both sides and the ratios. */
export function shareLines(share: number, rounds: Record<Side, Measured[]>): string[] {
  const lines: string[] = [];
  for (const side of ['reference', 'product'] as const) {
    const rs = rounds[side];
    const errors = rs.reduce((n, r) => n + r.errors, 0);
    const peak = Math.max(...rs.map((r) => r.peakMb));
    lines.push(
      `${side === 'reference' ? `${fmt(share * 100, 0)} %`.padStart(5) : ''.padStart(5)}   ${side.padEnd(9)} ${ms(sideMedian(rs, 'cpuPerRequest'), 3)} ${fmt(sideMedian(rs, 'rps'), 0).padStart(7)}  ` +
        `${ms(sideMedian(rs, 'readP50'))}  ${ms(sideMedian(rs, 'readP99'))}  ${ms(sideMedian(rs, 'writeP50'))}  ${ms(sideMedian(rs, 'writeP99'))}  ` +
        `${`${fmt(peak, 0)} MB${rs.every((r) => r.peakReset) ? '' : '*'}`.padStart(8)}  ${String(errors).padStart(6)}`,
    );
  }
  for (const side of ['reference', 'product'] as const) {
    const first = rounds[side].flatMap((r) => r.firstErrors).slice(0, 3);
    if (first.length) lines.push(`        first errors (${side}): ${first.join(' | ')}`);
  }
  const keys: [Key, string][] = [
    ['cpuPerRequest', 'CPU/req'],
    ['rps', 'req/s'],
    ['readP50', 'read p50'],
    ['readP99', 'read p99'],
    ['writeP50', 'write p50'],
    ['writeP99', 'write p99'],
    ['peakMb', 'peak RSS'],
  ];
  const parts = keys
    .filter(([k]) => share > 0 || !k.startsWith('write'))
    .map(([k, label]) => {
      const t = target(k, share);
      return `${label} ${fmt(ratio(rounds.product, rounds.reference, k), 2)}×${t ? ` (${t})` : ''}`;
    });
  lines.push(`        product/reference: ${parts.join(', ')}`);
  // The spread of the rounds says how far to trust the medians on a shared machine.
  const each = (key: Key) => rounds.product.map((p, i) => fmt(p[key] / rounds.reference[i][key], 2)).join(' ');
  const client = median([...rounds.product, ...rounds.reference].map((r) => r.clientCpuPerRequest));
  lines.push(`        (per round: CPU/req ${each('cpuPerRequest')}; req/s ${each('rps')}; load client ${fmt(client, 3)} ms CPU per request)`);
  return lines;
}
