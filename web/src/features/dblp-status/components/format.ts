// How the DBLP pages write times and sizes.

/** A moment as a person reads it: '24 Nov 2026, 21:04:05'; 'never' for none. */
export function formatWhen(iso: string | null, never = 'never'): string {
  if (!iso) return never;
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** A byte count in the unit that reads best: '9.6 kB', '3.1 GB'. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export const formatCount = (count: number) => count.toLocaleString('en-GB');
