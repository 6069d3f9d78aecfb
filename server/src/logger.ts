import pino, { type Logger } from 'pino';

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

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
