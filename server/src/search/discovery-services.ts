import type { Logger } from 'pino';
import { BannersRepository } from '../banners/banners.repository.ts';
import { BannerService } from '../banners/banners.service.ts';
import type { Config } from '../config.ts';
import { AltchaGuard } from '../contact/altcha.ts';
import { ContactRepository } from '../contact/contact.repository.ts';
import { ContactService, type ReportIntake } from '../contact/contact.service.ts';
import type { Db } from '../db/database.ts';
import { createMailer } from '../mail/mailer.ts';
import { PlaylistsRepository } from '../playlists/playlists.repository.ts';
import { PlaylistService } from '../playlists/playlists.service.ts';
import type { PostFeedRepository } from '../posts/post-feed.repository.ts';
import { SoundsRepository } from '../sounds/sounds.repository.ts';
import { SoundService } from '../sounds/sounds.service.ts';
import { TagsRepository } from '../tags/tags.repository.ts';
import { TagService } from '../tags/tags.service.ts';
import { RestrictedTerms } from './restricted-terms.ts';
import { SearchRepository } from './search.repository.ts';
import { SearchService } from './search.service.ts';

/** Everything that helps a visitor find content (issue 8), wired once for the container. */
export interface DiscoveryServices {
  readonly tags: TagService;
  readonly playlists: PlaylistService;
  readonly sounds: SoundService;
  readonly search: SearchService;
  readonly banners: BannerService;
  readonly contact: ContactService;
}

export function createDiscoveryServices(
  db: Db,
  config: Config,
  log: Logger,
  /** The process's one card reader (posts/post-services.ts). */
  postCards: PostFeedRepository,
  reports: ReportIntake,
  restricted: Pick<RestrictedTerms, 'matches'> = RestrictedTerms.load(),
): DiscoveryServices {
  const tagsRepository = new TagsRepository(db);
  const playlists = new PlaylistService(new PlaylistsRepository(db));
  return {
    tags: new TagService(tagsRepository),
    playlists,
    sounds: new SoundService(new SoundsRepository(db), postCards),
    search: new SearchService({
      search: new SearchRepository(db),
      posts: postCards,
      tags: tagsRepository,
      playlists,
      restricted,
    }),
    banners: new BannerService(new BannersRepository(db)),
    contact: new ContactService({
      repository: new ContactRepository(db),
      altcha: new AltchaGuard(db, config.auth.jwtSecret),
      mailer: createMailer(config.mail),
      operators: config.contact.operatorsEmail,
      baseUrl: config.http.baseUrl,
      reports,
      log,
    }),
  };
}
