// Writes a synthetic DBLP dump (see synthetic/generate-dump.ts) for scale tests:
//   npx tsx server/bench/generate-dblp-dump.ts --size 100MB --out /tmp/dblp.xml
//   npx tsx server/bench/generate-dblp-dump.ts --publications 2000000 --gzip --out dblp.xml.gz
// Options: --size SIZE | --publications N, --seed N (default 1), --gzip, --out PATH|- .
import { parseArgs } from 'node:util';
import { describeByteSize, parseByteSize } from './synthetic/byte-size.ts';
import { writeSyntheticDumpFile } from './synthetic/write-dump-file.ts';

const usage =
  'usage: generate-dblp-dump.ts (--size 100MB | --publications N) [--seed 1] [--gzip] --out PATH|-';

function readOptions() {
  const { values } = parseArgs({
    options: {
      size: { type: 'string' },
      publications: { type: 'string' },
      seed: { type: 'string', default: '1' },
      gzip: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  if (!values.out || (values.size === undefined) === (values.publications === undefined)) {
    throw new Error(usage);
  }
  return {
    out: values.out,
    gzip: values.gzip,
    seed: Number.parseInt(values.seed, 10),
    targetBytes: values.size === undefined ? undefined : parseByteSize(values.size),
    publications:
      values.publications === undefined ? undefined : Number.parseInt(values.publications, 10),
  };
}

try {
  const { out, gzip, ...options } = readOptions();
  const { summary, seconds } = await writeSyntheticDumpFile(out, options, { gzip });
  const { publications, persons } = summary;
  console.error(
    `${out}: ${describeByteSize(summary.bytes)} of XML (${summary.bytes} bytes), ` +
      `${publications.records} publications, ${persons.persons} persons, ` +
      `${persons.redirectStubs} redirect stubs, seed ${summary.seed}, in ${seconds.toFixed(1)} s ` +
      `(${(summary.bytes / 1e6 / seconds).toFixed(1)} MB/s), ` +
      `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  const { name, key } = summary.prolificAuthor;
  console.error(
    `most prolific author: ${name} (${key}), ${publications.prolificPapers} papers; ` +
      `${publications.papersWith100Authors} papers with 100+ authors, at most ${publications.maxAuthors}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
