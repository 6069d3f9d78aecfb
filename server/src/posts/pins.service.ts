import { AppError } from '../http/errors.ts';
import type { PostsRepository } from './posts.repository.ts';

export class PinService {
  private readonly posts: PostsRepository;

  constructor(posts: PostsRepository) {
    this.posts = posts;
  }

  async pin(userId: number, postId: number) {
    const post = await this.posts.findOwned(postId, userId);
    // The same answer for "not yours" and "absent", so pinning cannot probe for hidden posts.
    if (!post) throw new AppError('not_found');
    await this.posts.setPinned(post.id, true);
    return { isPinned: true };
  }

  async unpin(userId: number, postId: number) {
    const post = await this.posts.findOwned(postId, userId);
    if (!post) throw new AppError('not_found');
    await this.posts.setPinned(post.id, false);
    return { isPinned: false };
  }
}
