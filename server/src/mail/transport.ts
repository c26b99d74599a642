// Where mail goes: over SMTP when SMTP_URL is set; otherwise into DATA_DIR/mail/ as .eml
// files, which the development mailbox lists, so sign-up works on a laptop. Nodemailer is
// loaded for the first mail, not at start (docs/benchmarks.md, "Production start").
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

type Nodemailer = typeof nodemailerModule;

/** A nodemailer transport made on first use. */
function onFirstUse(make: (nodemailer: Nodemailer) => Transporter) {
  let made: Promise<Transporter> | undefined;
  return () => (made ??= import('nodemailer').then((module) => make(module.default)));
}

export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

export function mailDirectory(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'mail');
}

export function createMailTransport(config: Config): MailTransport {
  const { SMTP_URL } = config;
  if (SMTP_URL) {
    const smtp = onFirstUse((nodemailer) => nodemailer.createTransport(SMTP_URL));
    return {
      async send(mail) {
        await (
          await smtp()
        ).sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      },
    };
  }
  const files = onFirstUse((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const directory = mailDirectory(config);
  return {
    async send(mail) {
      const info = await (
        await files()
      ).sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        date: new Date(),
      });
      await mkdir(directory, { recursive: true });
      const name = `${Date.now()}-${String(mail.id).padStart(6, '0')}.eml`;
      await writeFile(path.join(directory, name), info.message as Buffer);
    },
  };
}
