// `common` runs in the browser and in Node, so it sees neither DOM nor Node typings.
// These are the few globals both runtimes provide that it uses.
declare class URL {
  constructor(input: string, base?: string);
  readonly hostname: string;
  readonly pathname: string;
}
