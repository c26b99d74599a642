// A person's identity on DBLP is the pid. Profile URLs from any of DBLP's hosts normalise to
// https://dblp.org/pid/<pid> (docs/dblp.md, "Identity: the pid").
const dblpHosts = new Set([
  'dblp.org',
  'dblp.uni-trier.de',
  'dblp.dagstuhl.de',
  'dblp1.uni-trier.de',
]);

// Pids are slash-separated segments: numeric ("95/7448-1") or legacy name keys ("m/AndrewMcCallum").
const pidPattern = /^[A-Za-z0-9][A-Za-z0-9_\-.']*(\/[A-Za-z0-9][A-Za-z0-9_\-.']*)+$/;

/** The pid of a DBLP person URL, or undefined when the text is not one. */
export function findDblpPid(text: string): string | undefined {
  let url: URL;
  try {
    const trimmed = text.trim();
    url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!dblpHosts.has(host)) return undefined;
  const match = /^\/pid\/(.+?)(\.(html|xml|bib|rdf|nt|ttl))?\/?$/.exec(decodePath(url.pathname));
  const pid = match?.[1];
  if (!pid || !pidPattern.test(pid)) return undefined;
  return pid;
}

// A broken escape ("%E0%A4%A") makes decodeURIComponent throw; such a path names no pid.
function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '';
  }
}

export function dblpUrlForPid(pid: string): string {
  return `https://dblp.org/pid/${pid}`;
}

/** The canonical https://dblp.org/pid/<pid> form of a DBLP person URL, or undefined. */
export function normalizeDblpUrl(text: string): string | undefined {
  const pid = findDblpPid(text);
  return pid === undefined ? undefined : dblpUrlForPid(pid);
}
