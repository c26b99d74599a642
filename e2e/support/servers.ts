// The browser suite runs E2E_WORKERS workers (2 by default), each against a server of its own on
// its own fresh database: worker N (Playwright's parallelIndex) talks to the server on
// E2E_PORT + N. Specs must therefore not rely on what another spec file left behind.
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const firstPort = Number(process.env.E2E_PORT ?? 3100);

export const serverPort = (index: number) => firstPort + index;

export const serverUrl = (index: number) => `http://localhost:${serverPort(index)}`;
