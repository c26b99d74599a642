// Preloaded into a command a benchmark times (node --import): as the process exits it writes
// what it used to stderr, one line the benchmark reads: its peak memory (maxRSS, which the
// parent cannot read of a child) and its CPU time.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `resources ${JSON.stringify({
      maxRssKilobytes: usage.maxRSS,
      userMicroseconds: usage.userCPUTime,
      systemMicroseconds: usage.systemCPUTime,
    })}\n`,
  );
});
