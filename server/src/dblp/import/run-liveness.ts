// When an import run counts as stopped. A run writes its progress every few seconds, and says
// it is alive every `heartbeatEveryMs` when no progress comes (an index built, a table
// analysed); a run still `running` whose last news is older than `silentRunSeconds` was stopped
// without ending (killed, or its machine restarted), and the operations page says so
// (modules/dblp-status/dblp-status.repo.ts). Its own file, so that the server's reads need not
// load the import.
export const heartbeatEveryMs = 30_000;
export const silentRunSeconds = 180;
