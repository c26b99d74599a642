// What a benchmark figure depends on besides the code: the machine and how busy it is.
// The development machine is shared, so the load average is printed with every result.
import { cpus, freemem, loadavg, totalmem } from 'node:os';

export interface MachineDescription {
  cpuCount: number;
  cpuModel: string;
  totalMemoryBytes: number;
  freeMemoryBytes: number;
  node: string;
  /** 1, 5 and 15 minute load averages. */
  loadAverage: number[];
}

export function describeMachine(): MachineDescription {
  const processors = cpus();
  return {
    cpuCount: processors.length,
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    totalMemoryBytes: totalmem(),
    freeMemoryBytes: freemem(),
    node: process.version,
    loadAverage: loadavg(),
  };
}

export function formatLoadAverage(loadAverage: number[]): string {
  return loadAverage.map((load) => load.toFixed(2)).join(' ');
}
