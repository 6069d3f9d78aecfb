import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { ViewSources } from './view-source.ts';
import { WatchProgressRepository } from './watch-progress.repository.ts';
import { WatchProgressService } from './watch-progress.service.ts';

/** The ingestion half of creator analytics: where views come from, and the player's watch progress. */
export interface AnalyticsIngestion {
  readonly viewSources: ViewSources;
  readonly progress: WatchProgressService;
}

export function createAnalyticsIngestion(db: Db, config: Pick<Config, 'analytics' | 'http'>): AnalyticsIngestion {
  return {
    viewSources: new ViewSources({ countryHeader: config.analytics.countryHeader, baseUrl: config.http.baseUrl }),
    progress: new WatchProgressService(new WatchProgressRepository(db)),
  };
}
