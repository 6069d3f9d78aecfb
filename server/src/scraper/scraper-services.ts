import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { EventPublisher } from '../realtime/events.ts';
import { DnsHostResolver } from './host-resolver.ts';
import type { MediaIngest } from './media-ingest.ts';
import { SafeFetcher } from './safe-fetch.ts';
import { ScraperRepository } from './scraper.repository.ts';
import { ScraperService } from './scraper.service.ts';

export interface ScraperWiring {
  readonly config: Config;
  readonly db: Db;
  readonly jobs: JobQueue;
  readonly log: Logger;
  /** Where downloaded files enter the media pipeline (the upload service's UploadMediaIngest). */
  readonly ingest: MediaIngest;
  /** Where the owner's `scraperJob` updates go (the websocket delivers them). */
  readonly events?: EventPublisher;
}

export function createScraperService({ config, db, jobs, log, ingest, events }: ScraperWiring): ScraperService {
  const fetcher = new SafeFetcher({
    resolver: new DnsHostResolver(config.scraper.dnsServers),
    allowLoopbackPorts: config.scraper.allowLoopbackPorts,
    maxRedirects: 5,
    userAgent: `VelvetImporter/${config.appVersion}`,
  });
  return new ScraperService({
    repository: new ScraperRepository(db),
    fetcher,
    ingest,
    jobs,
    events,
    scratchDir: join(config.dataDir, 'scratch', 'scraper'),
    maxBytes: config.scraper.maxBytes,
    timeoutMs: config.scraper.timeoutMs,
    log: log.child({ component: 'scraper' }),
  });
}
