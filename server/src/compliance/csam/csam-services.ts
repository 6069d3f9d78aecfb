import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { EnforcementService } from '../../enforcement/enforcement.service.ts';
import type { Storage } from '../../media/storage.ts';
import type { AuditLog } from '../../moderation/audit-log.ts';
import type { CaseService } from '../../moderation/cases.service.ts';
import { Keyring } from '../sealed/keyring.ts';
import { SealedStore } from '../sealed/sealed-store.ts';
import { CsamRepository } from './csam.repository.ts';
import { CsamService } from './csam.service.ts';
import type { CyberTiplineReporter } from './cybertipline.ts';
import { EvidenceVault } from './evidence-vault.ts';
import { FileCyberTiplineReporter } from './file-reporter.ts';

/** The reporter CYBERTIPLINE_REPORTER names; `file` is the one built in. */
export function createCyberTiplineReporter(config: Config['csam']): CyberTiplineReporter {
  return new FileCyberTiplineReporter(config.reportsDir);
}

export function createCsamService(deps: {
  config: Config;
  db: Db;
  storage: Storage;
  cases: CaseService;
  audit: AuditLog;
  enforcement: Pick<EnforcementService, 'actOnPost' | 'actOnAccount'>;
  log: Logger;
  reporter?: CyberTiplineReporter;
}): CsamService {
  const { config } = deps;
  const repository = new CsamRepository(deps.db);
  const evidence = new EvidenceVault({
    repository,
    cases: deps.cases,
    audit: deps.audit,
    storage: deps.storage,
    sealed: new SealedStore(deps.storage, new Keyring(config.compliance.masterKeys)),
    settings: { retentionDays: config.csam.retentionDays, baseUrl: config.http.baseUrl },
    log: deps.log.child({ component: 'csam' }),
  });
  return new CsamService({
    repository,
    cases: deps.cases,
    enforcement: deps.enforcement,
    audit: deps.audit,
    storage: deps.storage,
    evidence,
    reporter: deps.reporter ?? createCyberTiplineReporter(config.csam),
    settings: {
      baseUrl: config.http.baseUrl,
      contactName: config.csam.contactName,
      contactEmail: config.csam.contactEmail,
    },
  });
}
