// Sizes as people type them on a command line: `100MB`, `1GB`, `2.5 GiB`, `500000`. Decimal
// units are powers of 1000 (1 MB = 1 000 000 bytes, as benchmark MB/s figures are); the
// binary ones (KiB, MiB, GiB) powers of 1024.
const units: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

const sizePattern = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/;

/** Bytes for a size such as `100MB`; throws a message fit for the command line. */
export function parseByteSize(text: string): number {
  const match = sizePattern.exec(text.trim().toLowerCase());
  const multiplier = match ? units[match[2] ?? ''] : undefined;
  if (!match || multiplier === undefined) {
    throw new Error(`"${text}" is not a size: write it like 100MB, 1GB or 512MiB`);
  }
  const bytes = Math.round(Number(match[1]) * multiplier);
  if (bytes < 1) throw new Error(`"${text}" is too small a size`);
  return bytes;
}

/** `100MB`, `1GB`, `1.5GB`, `123456B`: the shortest decimal spelling that is exact. */
export function formatByteSize(bytes: number): string {
  for (const [unit, multiplier] of [
    ['TB', 1e12],
    ['GB', 1e9],
    ['MB', 1e6],
    ['KB', 1e3],
  ] as const) {
    const value = bytes / multiplier;
    if (value >= 1 && Number.isInteger(value * 1000)) return `${value}${unit}`;
  }
  return `${bytes}B`;
}

/** `1003.2 MB`: for messages, in decimal megabytes like the MB/s figures. */
export function describeByteSize(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
