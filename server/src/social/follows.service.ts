import { AppError } from '../http/errors.ts';
import type { SocialActivity } from '../realtime/events.ts';
import type { FollowsRepository } from './follows.repository.ts';

export const USERS_PAGE = 30;

export class FollowService {
  private readonly follows: FollowsRepository;
  private readonly activity: SocialActivity | undefined;

  constructor(follows: FollowsRepository, activity?: SocialActivity) {
    this.follows = follows;
    this.activity = activity;
  }

  async follow(followerId: number, followeeId: number) {
    if (followerId === followeeId) throw new AppError('cannot_follow_self');
    if (!(await this.follows.isFollowable(followeeId))) throw new AppError('not_found');
    await this.follows.follow(followerId, followeeId);
    const counts = await this.follows.counts(followeeId);
    if (!counts) throw new AppError('not_found');
    await this.activity?.userFollowed(followerId, followeeId);
    return { iFollowUser: true, ...counts };
  }

  async unfollow(followerId: number, followeeId: number) {
    if (followerId === followeeId) throw new AppError('cannot_follow_self');
    await this.follows.unfollow(followerId, followeeId);
    const counts = await this.follows.counts(followeeId);
    if (!counts) throw new AppError('not_found');
    return { iFollowUser: false, ...counts };
  }

  async following(userId: number, offset: number) {
    return { users: await this.follows.list(userId, 'following', USERS_PAGE, offset, userId) };
  }

  async followers(userId: number, offset: number) {
    return { users: await this.follows.list(userId, 'followers', USERS_PAGE, offset, userId) };
  }

  /** Anyone's followers or followees (the profile pages' users lists), as the viewer sees them. */
  async listOf(userId: number, direction: 'following' | 'followers', viewerId: number | undefined, offset: number) {
    if (!(await this.follows.isFollowable(userId))) throw new AppError('not_found');
    const users = await this.follows.list(userId, direction, USERS_PAGE + 1, offset, viewerId);
    return { users: users.slice(0, USERS_PAGE), canLoadMore: users.length > USERS_PAGE };
  }
}
