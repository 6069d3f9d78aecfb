import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { temporaryDirectory } from '../server/src/test/processes.ts';
import { auditRuntimeDependencies, auditVerdict } from './dependency-audit.ts';

const report = (vulnerabilities: Record<string, { severity: string }>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 } },
  });

describe('auditVerdict', () => {
  test('fails on a high or critical advisory and names the packages', () => {
    expect(auditVerdict(report({ sharp: { severity: 'high' }, pg: { severity: 'critical' }, ms: { severity: 'low' } }))).toEqual({
      outcome: 'failed',
      reason: 'sharp (high), pg (critical)',
    });
  });

  test('passes with none, or only moderate and lower', () => {
    expect(auditVerdict(report({}))).toEqual({ outcome: 'passed' });
    expect(auditVerdict(report({ ms: { severity: 'moderate' } }))).toEqual({ outcome: 'passed' });
  });

  test('is skipped, with the reason, when the registry refuses audit requests', () => {
    // What npm 11 prints when a registry mirror answers the bulk advisory request with 405 (as here).
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(auditVerdict(refused)).toEqual({
      outcome: 'skipped',
      reason:
        "the registry's audit endpoint did not answer: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
    });
    expect(auditVerdict('')).toEqual({ outcome: 'skipped', reason: 'npm audit printed no report' });
  });
});

const folders: { remove(): void }[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

test('an audit that never answers is skipped after the time limit instead of hanging the run', async () => {
  const folder = temporaryDirectory('velvet-audit-');
  folders.push(folder);
  const silentNpm = join(folder.path, 'npm');
  writeFileSync(silentNpm, '#!/bin/sh\nexec sleep 30\n');
  chmodSync(silentNpm, 0o755);
  const started = Date.now();
  expect(await auditRuntimeDependencies(folder.path, 500, silentNpm)).toEqual({
    outcome: 'skipped',
    reason: "the registry's audit endpoint did not answer in 0.5 s",
  });
  expect(Date.now() - started).toBeLessThan(5_000);
});
