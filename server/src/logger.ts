import pino, { type DestinationStream, type Logger } from 'pino';

/** Secrets never reach the log, whatever a handler passes in. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.tokenHash',
  '*.token_hash',
  '*.password_hash',
];

/** Paths whose last segment is a secret from an e-mailed link (reset and confirmation tokens). */
const SECRET_IN_PATH = /(\/(?:api\/pass-change|reset-password|action))\/[^/?#]+/g;

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

/** Fastify's request fields, with link tokens cut out of the URL. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url?.replace(SECRET_IN_PATH, '$1/[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** `destination` defaults to stdout; tests pass their own to read what was logged. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { req: serializeRequest } }, destination);
}
