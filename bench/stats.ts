/** Min / median / max of repeated runs, rounded to 0.1 (ms or whatever unit the samples carry). */
export interface Spread {
  min: number;
  median: number;
  max: number;
  runs: number;
}

export function spread(samples: number[]): Spread {
  if (samples.length === 0) return { min: 0, median: 0, max: 0, runs: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const r = (v: number): number => Math.round(v * 10) / 10;
  return { min: r(sorted[0]!), median: r(median), max: r(sorted[sorted.length - 1]!), runs: samples.length };
}
