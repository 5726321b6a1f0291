/**
 * The lines of the insights' charts (components/insight-chart.tsx): what a series is and how a
 * series at a position is drawn. Kept apart from the chart so code that only prepares series
 * does not bring uPlot along.
 */

/** One line of a chart: its label, one value per day, and how it is drawn (a colour slot 1–6 of styles/insights.css and a dash, so colour is never the only cue). */
export interface Series {
  label: string;
  values: number[];
  slot: number;
  dash: number[];
}

/** Dash patterns, one per series position: solid, dashed, dotted, dash-dot, long dash, short dash. */
export const DASHES: readonly number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3], [16, 4], [4, 2]];

/** A series at position `i`: its colour slot and dash follow the position. */
export const seriesAt = (label: string, values: number[], i: number): Series => ({ label, values, slot: (i % 6) + 1, dash: DASHES[i % DASHES.length] });
