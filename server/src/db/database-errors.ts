import { DATABASE_READ_TIMEOUT } from './database.ts';

/**
 * Which failures of a query mean "the database cannot answer now" rather than a bug: the request then
 * answers 503 with a code the client may retry on, and nothing is logged as an internal error.
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '53300', // too_many_connections
  '08000', // connection_exception and its kinds
  '08001',
  '08003',
  '08004',
  '08006',
]);
const timeoutCodes = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
]);
const unavailableMessages = [
  DATABASE_READ_TIMEOUT,
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'is not queryable',
];

export type DatabaseFailure = 'database_unavailable' | 'database_timeout';

export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (unavailableCodes.has(code)) return 'database_unavailable';
    if (timeoutCodes.has(code)) return 'database_timeout';
  }
  if (unavailableMessages.some((message) => error.message.includes(message))) return 'database_unavailable';
  return undefined;
}
