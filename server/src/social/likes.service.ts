import { AppError } from '../http/errors.ts';
import type { SocialActivity } from '../realtime/events.ts';
import type { LikesRepository } from './likes.repository.ts';

export class LikeService {
  private readonly likes: LikesRepository;
  /** Spec §4: a like is a "save" of the post's tags in the liker's tag preference. */
  private readonly onLiked: (userId: number, postId: number) => Promise<void>;

  private readonly activity: SocialActivity | undefined;

  constructor(
    likes: LikesRepository,
    onLiked: (userId: number, postId: number) => Promise<void> = async () => {},
    activity?: SocialActivity,
  ) {
    this.likes = likes;
    this.onLiked = onLiked;
    this.activity = activity;
  }

  /** Liking twice is not an error: the second click changes nothing and answers the same. */
  async like(userId: number, postId: number) {
    if (!(await this.likes.isLikeable(postId))) throw new AppError('not_found');
    const likesCount = await this.likes.like(userId, postId);
    if (likesCount === undefined) throw new AppError('not_found');
    await this.onLiked(userId, postId);
    await this.activity?.postLiked(userId, postId, likesCount);
    return { likeByUser: true, likesCount };
  }

  /** Unliking works on any post still stored, so a like on a post that went private can be taken back. */
  async unlike(userId: number, postId: number) {
    const likesCount = await this.likes.unlike(userId, postId);
    if (likesCount === undefined) throw new AppError('not_found');
    await this.activity?.postUnliked(userId, postId, likesCount);
    return { likeByUser: false, likesCount };
  }
}
