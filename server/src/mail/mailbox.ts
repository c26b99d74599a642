// Reads the development mailbox: the .eml files the file transport wrote, newest first,
// each with the links in its text (what a person would click). The mail parser is loaded when
// the mailbox is first read: a production server never needs it (docs/benchmarks.md,
// "Production start").
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface MailboxMessage {
  file: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  links: string[];
}

const linkPattern = /https?:\/\/[^\s<>"')]+/g;

export async function readMailbox(directory: string): Promise<MailboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  names.sort().reverse();
  return Promise.all(names.map((name) => readMessage(directory, name)));
}

async function readMessage(directory: string, file: string): Promise<MailboxMessage> {
  // Node names a CommonJS package's exports one by one; the server's bundle gives them only
  // as `default` (esbuild), which Node gives too.
  const mailparser = await import('mailparser');
  const { simpleParser } = (
    'default' in mailparser ? mailparser.default : mailparser
  ) as typeof mailparser;
  const parsed = await simpleParser(await readFile(path.join(directory, file)));
  const to = Array.isArray(parsed.to)
    ? parsed.to.map((a) => a.text).join(', ')
    : (parsed.to?.text ?? '');
  const text = parsed.text ?? '';
  return {
    file,
    to,
    subject: parsed.subject ?? '',
    date: parsed.date?.toISOString() ?? '',
    text,
    links: [...new Set(text.match(linkPattern) ?? [])],
  };
}
