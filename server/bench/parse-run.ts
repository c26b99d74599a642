// Runs one parser over a dump in a child process and reads back its figures: Recuse's
// parser through parse-worker.ts, lxml through lxml-iterparse.py. A child per run keeps
// each peak memory (maxRSS) separate and each run's heap cold, like a real import.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What parse-worker.ts and lxml-iterparse.py print, one JSON line. */
export interface ParseRunResult {
  bytes: number;
  records: number;
  warnings: number;
  wallSeconds: number;
  /** User plus system CPU time of the process while parsing. */
  cpuSeconds: number;
  /** The process's high-water mark of resident memory. */
  peakRssBytes: number;
  /** Resident memory before the parse started (runtime, loader, modules). */
  baselineRssBytes: number;
}

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const workerPath = fileURLToPath(new URL('./parse-worker.ts', import.meta.url));
const lxmlScriptPath = fileURLToPath(new URL('./lxml-iterparse.py', import.meta.url));

export function runRecuseParse(path: string, api: 'records' | 'batches') {
  return runJsonChild(process.execPath, ['--import', 'tsx', workerPath, path, api]);
}

export function runLxmlParse(python: string, path: string, mode: 'fields' | 'clear') {
  return runJsonChild(python, [lxmlScriptPath, path, mode]);
}

/** Runs a command that prints one JSON line; rejects with its stderr when it fails. */
export function runJsonChild(command: string, args: string[]): Promise<ParseRunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}): ${stderr.trim()}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as ParseRunResult);
      } catch (error) {
        reject(new Error(`${command} printed no result: ${stdout}${stderr}`, { cause: error }));
      }
    });
  });
}

export interface PythonWithLxml {
  command: string;
  pythonVersion: string;
  lxmlVersion: string;
}

const versionProbe =
  'import sys, lxml.etree as e; print(sys.version.split()[0], ".".join(map(str, e.LXML_VERSION[:3])))';

/**
 * The first Python that can import lxml: the one asked for, else `python3` on the PATH,
 * else Debian's /usr/bin/python3 (a pyenv or venv python3 often lacks python3-lxml).
 */
export async function findPythonWithLxml(preferred?: string): Promise<PythonWithLxml | undefined> {
  const candidates = preferred ? [preferred] : ['python3', '/usr/bin/python3'];
  for (const command of candidates) {
    const output = await new Promise<string | undefined>((resolve) => {
      const child = spawn(command, ['-c', versionProbe], { stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.on('error', () => resolve(undefined));
      child.on('close', (code) => resolve(code === 0 ? text.trim() : undefined));
    });
    const [pythonVersion, lxmlVersion] = output?.split(' ') ?? [];
    if (pythonVersion && lxmlVersion) return { command, pythonVersion, lxmlVersion };
  }
  return undefined;
}
