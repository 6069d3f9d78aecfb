/**
 * The dependency audit of `npm test`: `npm audit --omit=dev --audit-level=high` over the runtime
 * dependencies. A high or critical advisory fails it. A registry that does not answer audit requests
 * (a mirror may refuse them with 405, or not answer at all) makes the step skipped, with the reason,
 * rather than failed or hanging: the run says the audit did not happen instead of pretending it passed.
 */
import { spawn } from 'node:child_process';

export type AuditVerdict =
  | { readonly outcome: 'passed' }
  | { readonly outcome: 'failed'; readonly reason: string }
  | { readonly outcome: 'skipped'; readonly reason: string };

interface AuditReport {
  readonly vulnerabilities?: Record<string, { readonly severity?: string }>;
  readonly metadata?: { readonly vulnerabilities?: Record<string, number> };
  readonly message?: string;
  readonly error?: { readonly summary?: string; readonly detail?: string } | string;
}

const BLOCKING = new Set(['high', 'critical']);

/** What `npm audit --json` printed, judged. */
export function auditVerdict(output: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return { outcome: 'skipped', reason: 'npm audit printed no report' };
  }
  if (report.error !== undefined || !report.metadata?.vulnerabilities) {
    const summary = typeof report.error === 'string' ? report.error : report.error?.summary;
    const reason = report.message || summary || 'no audit data in the answer';
    return { outcome: 'skipped', reason: `the registry's audit endpoint did not answer: ${reason}` };
  }
  const blocking = Object.entries(report.vulnerabilities ?? {})
    .filter(([, entry]) => BLOCKING.has(entry.severity ?? ''))
    .map(([name, entry]) => `${name} (${entry.severity})`);
  return blocking.length > 0 ? { outcome: 'failed', reason: blocking.join(', ') } : { outcome: 'passed' };
}

/** Runs the audit in `root`; no answer within `timeoutMs` counts as an endpoint that does not answer. */
export function auditRuntimeDependencies(root: string, timeoutMs = 60_000, npm = 'npm'): Promise<AuditVerdict> {
  return new Promise((resolve) => {
    const child = spawn(npm, ['audit', '--omit=dev', '--audit-level=high', '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve({ outcome: 'skipped', reason: `the registry's audit endpoint did not answer in ${timeoutMs / 1000} s` });
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ outcome: 'skipped', reason: `npm audit could not run: ${error.message}` });
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(auditVerdict(output));
    });
  });
}
