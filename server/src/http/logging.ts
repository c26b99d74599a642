// What the log may hold (docs/security.md section 4): no secret and no query parameter.
// Headers with credentials and any field named like a secret are redacted; an error is
// logged by its kind, code, SQL text and stack, never by the values a failing query carried
// (Drizzle puts them in its message and `params`, PostgreSQL in `detail`); a request by its
// route's pattern, so tokens in paths and query strings stay out.
import { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.api_key',
  '*.authorization',
  '*.secret',
];

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
}

/** A quoted value after a colon, as PostgreSQL quotes input it cannot read. */
const quotedValue = /: "(?:[^"\\]|\\.)*"/g;

function safeMessage(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]')
    .replace(quotedValue, ': "[redacted]"');
}

export function serializeError(error: Error, depth = 0): LoggedError {
  const message = safeMessage(String(error.message));
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: error.stack ? error.stack.replace(error.message, message) : '',
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string') logged.code = code;
  if (typeof statusCode === 'number') logged.statusCode = statusCode;
  const cause: unknown = error.cause;
  if (cause instanceof Error && depth < 5) logged.cause = serializeError(cause, depth + 1);
  else if (cause !== undefined)
    logged.cause = { type: typeof cause, message: '[redacted]', stack: '' };
  return logged;
}

/** The route's pattern (`/v1/web/user/password/find/:token`), or the bare path if none. */
export function serializeRequest(request: FastifyRequest) {
  const pattern = request.routeOptions?.url;
  const path = (request.url ?? '').split('?')[0]!.slice(0, 200);
  return {
    method: request.method,
    url: pattern ?? path,
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * The two loggers, writing to one destination (pino's default, standard output, when none is
 * given). `app` is Fastify's logger, and through it every request's and every module's: each
 * line goes through the redaction above, errors through serializeError. `requestLines` writes
 * only OneLinePerRequest's lines for answered requests, without the redaction: their fields are
 * the request id, method, route pattern, host, address, status code and milliseconds, none of
 * which can hold a secret, and redaction's wildcard paths were most of a line's cost (9 of 10 µs
 * a line; a served profile call spent a fifth of its CPU on its line: docs/benchmarks.md,
 * "The request line without redaction"). `app` is a child of `requestLines`, so both have the
 * same level and destination.
 */
export function createLoggers(
  level: string,
  destination?: DestinationStream,
): { app: FastifyBaseLogger; requestLines: Logger } {
  const requestLines = destination ? pino({ level }, destination) : pino({ level });
  const app = requestLines.child(
    {},
    {
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: { err: serializeError, req: serializeRequest },
    },
  );
  return { app, requestLines };
}

/**
 * The request log: one line per request, written when it has been answered, with the request
 * as serializeRequest gives it, the status and the milliseconds it took. Fastify's own writes
 * two ('incoming request', then 'request completed' without the request), each a write to the
 * log. Its other lines (the default error handler's, stream errors) are kept.
 */
export class OneLinePerRequest extends LogController {
  /** `requestLines` of createLoggers: the answered requests' lines go out through it. */
  constructor(private readonly lines: Logger) {
    super();
  }

  override incomingRequest() {}

  /**
   * The line of a request Fastify refused before routing it (answerFrameworkError), for which
   * it calls no requestCompleted. It names no address: the part Fastify could not read (a
   * broken escape, an overlong path part) may be a token, and there is no route pattern to
   * name instead. `refusal` is Fastify's code for the reason.
   */
  refusedBeforeRouting(request: FastifyRequest, reply: FastifyReply, refusal: string) {
    const startedAt = performance.now();
    reply.raw.once('finish', () => {
      const { url: _withheld, ...req } = serializeRequest(request);
      this.writeLine(request, reply, req, performance.now() - startedAt, { refusal });
    });
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      this.writeLine(request, reply, serializeRequest(request), reply.elapsedTime);
    }
  }

  /** An answered request's line: its id, the request as given, status and milliseconds. */
  private writeLine(
    request: FastifyRequest,
    reply: FastifyReply,
    req: Partial<ReturnType<typeof serializeRequest>>,
    responseTime: number,
    more: Record<string, string> = {},
  ) {
    if (!this.lines.isLevelEnabled('info')) return;
    this.lines.info(
      { reqId: request.id, req, res: { statusCode: reply.statusCode }, responseTime, ...more },
      'request completed',
    );
  }
}
