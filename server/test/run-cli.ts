// Runs a command-line tool (server/src/cli/*.ts) as an operator would, in a child process:
// with its output to a pipe (a log file, CI), or on a terminal, where the progress bars draw.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDirectory = fileURLToPath(new URL('..', import.meta.url));

export interface CliRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** What the tool wrote to stderr (to a pipe), or everything the terminal showed. */
  output: string;
}

interface CliOptions {
  /** Added to the test's environment; DATABASE_URL is emptied unless given here. */
  env?: Record<string, string>;
  /** Hears how to kill the child (SIGKILL) once it has started. */
  onStart?: (kill: () => void) => void;
}

const nodeArguments = (cli: string, args: readonly string[]) => [
  '--import',
  'tsx',
  path.join(serverDirectory, 'src/cli', cli),
  ...args,
];

const childEnvironment = (options: CliOptions) => ({
  ...process.env,
  DATABASE_URL: '',
  NODE_ENV: 'test',
  ...options.env,
});

/** `cli` (a file of server/src/cli) with its stderr to a pipe. */
export function runCli(cli: string, args: readonly string[], options: CliOptions = {}) {
  return new Promise<CliRun>((resolve, reject) => {
    const child = spawn(process.execPath, nodeArguments(cli, args), {
      cwd: serverDirectory,
      env: childEnvironment(options),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode, signal) => resolve({ exitCode, signal, output }));
    options.onStart?.(() => child.kill('SIGKILL'));
  });
}

const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * `cli` on a pseudo-terminal, as in a person's shell: util-linux's `script` (in every Debian
 * install) gives the child a terminal and copies what it shows to our pipe, escape sequences
 * and carriage returns included.
 */
export function runCliOnTerminal(cli: string, args: readonly string[], options: CliOptions = {}) {
  const commandLine = [process.execPath, ...nodeArguments(cli, args)].map(quoted).join(' ');
  return new Promise<CliRun>((resolve, reject) => {
    const child = spawn('script', ['--quiet', '--return', '--command', commandLine, '/dev/null'], {
      cwd: serverDirectory,
      env: childEnvironment(options),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode, signal) => resolve({ exitCode, signal, output }));
  });
}
