import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ContentScreen } from '../enforcement/watched-words.ts';
import type { SocialActivity } from '../realtime/events.ts';
import { FollowsRepository } from '../social/follows.repository.ts';
import { FollowService } from '../social/follows.service.ts';
import { LikesRepository } from '../social/likes.repository.ts';
import { LikeService } from '../social/likes.service.ts';
import { CountersRepository } from './counters.repository.ts';
import { EngagementService } from './engagement.service.ts';
import { FeedSupplyRepository } from './feed-supply.repository.ts';
import { HomeFeed } from './home-feed.ts';
import { PinService } from './pins.service.ts';
import { PopularRanking } from './popular-ranking.ts';
import type { PostFeedRepository } from './post-feed.repository.ts';
import { PostsRepository } from './posts.repository.ts';
import { PostService } from './posts.service.ts';
import { TagPreferencesRepository } from './tag-preferences.repository.ts';

/** Posts and the social graph around them, wired once for the container. */
export interface PostServices {
  readonly posts: PostService;
  readonly pins: PinService;
  readonly likes: LikeService;
  readonly follows: FollowService;
  /** Views and shares; the websocket's viewedPost / sharePost call recordView / recordShare. */
  readonly engagement: EngagementService;
  /** For the media pipeline: finishProcessing(postId) when a post's processing has ended well. */
  readonly postsRepository: PostsRepository;
}

export function createPostServices(
  db: Db,
  config: Pick<Config, 'feed' | 'counting'>,
  /** The process's one card reader, shared with search and sounds so they share its card cache. */
  feed: PostFeedRepository,
  activity?: SocialActivity,
  screen?: ContentScreen,
): PostServices {
  const postsRepository = new PostsRepository(db);
  const likesRepository = new LikesRepository(db);
  const supply = new FeedSupplyRepository(db);
  const preferences = new TagPreferencesRepository(db);
  const engagement = new EngagementService(
    new CountersRepository(db, { views: config.counting.viewersPerNetwork, shares: config.counting.sharersPerNetwork }),
    preferences,
  );
  return {
    posts: new PostService(
      feed,
      postsRepository,
      likesRepository,
      new HomeFeed(supply, feed, preferences, new PopularRanking(supply, config.feed.rankingSeconds)),
      supply,
      screen,
    ),
    pins: new PinService(postsRepository),
    likes: new LikeService(likesRepository, (userId, postId) => engagement.savePreference(`u:${userId}`, postId), activity),
    follows: new FollowService(new FollowsRepository(db), activity),
    engagement,
    postsRepository,
  };
}
