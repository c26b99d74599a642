// multipart/form-data bodies (the web app's FormData saves), read like every other body:
// through Fastify's body reader, so the one body limit (1 MiB) holds for the whole body and
// an oversized one is refused with 413 before it is buffered — by its Content-Length at
// once, or as soon as a chunked body passes the limit (docs/security.md section 2). The
// buffered body is then split into fields; files are refused, except on the few routes that
// take one text file (the chair's CSV uploads), which read it as the field of its name.
import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { messages } from '@recuse/common';

export type MultipartFields = Record<string, string | string[]>;

const clientError = (statusCode: number, message: string) => new HttpError(statusCode, { message });

export interface MultipartOptions {
  /** A file sent under this name is read as UTF-8 text into the field of that name. */
  textFile?: string;
}

/** Splits a buffered multipart body into its fields; a name given twice gets every value. */
export function parseMultipart(
  contentType: string,
  body: Buffer,
  options: MultipartOptions = {},
): Promise<MultipartFields> {
  return new Promise((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>;
    const files = options.textFile ? 1 : 0;
    try {
      parser = new Busboy({
        headers: { 'content-type': contentType },
        limits: { fields: 200, files, parts: 200, fieldSize: body.length + 1 },
      });
    } catch {
      reject(clientError(400, 'The multipart body has no boundary.'));
      return;
    }
    const fields: MultipartFields = Object.create(null);
    let failure: Error | undefined;
    const fail = (error: Error) => (failure ??= error);
    parser.on('field', (name: string, value: string) => {
      if (name in Object.prototype) {
        fail(clientError(400, `The field name ${name} is not allowed.`));
        return;
      }
      const earlier = fields[name];
      fields[name] = earlier === undefined ? value : [earlier, value].flat();
    });
    const reading: Array<Promise<void>> = [];
    parser.on('file', (name: string, file: NodeJS.ReadableStream) => {
      if (name !== options.textFile) {
        file.resume();
        fail(clientError(413, 'Files cannot be uploaded here.'));
        return;
      }
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => chunks.push(chunk));
      reading.push(
        new Promise((done) =>
          file.on('end', () => {
            fields[name] = Buffer.concat(chunks).toString('utf8');
            done();
          }),
        ),
      );
    });
    parser.on('filesLimit', () =>
      fail(
        clientError(
          413,
          files ? 'Only one file can be sent here.' : 'Files cannot be uploaded here.',
        ),
      ),
    );
    parser.on('fieldsLimit', () => fail(clientError(413, messages.bodyTooLarge)));
    parser.on('partsLimit', () => fail(clientError(413, messages.bodyTooLarge)));
    parser.on('error', (error: Error) => {
      // An empty body is an empty form; anything else unreadable is the client's to fix.
      if (body.length === 0) resolve({ ...fields });
      else
        reject(
          failure ?? clientError(400, `The multipart body could not be read: ${error.message}`),
        );
    });
    parser.on('finish', () => {
      void Promise.all(reading).then(() => (failure ? reject(failure) : resolve({ ...fields })));
    });
    parser.end(body);
  });
}

export function registerMultipart(app: FastifyInstance) {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) =>
      parseMultipart(String(request.headers['content-type']), body),
  );
}
