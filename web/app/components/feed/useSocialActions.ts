import { type ReactNode, useCallback } from 'react';
import { ApiError } from '../../lib/api';
import { useRootData } from '../../lib/root-data';
import { useLoginSheet } from '../account/useLoginSheet';
import type { FeedPost } from './feed-data';
import { setFollowing, setLiked } from './social-actions';

type Change = (matches: (post: FeedPost) => boolean, update: (post: FeedPost) => FeedPost) => void;

/**
 * Like and follow from the feed, optimistic: the screen changes at once and takes the server's exact
 * count when it answers; a refusal puts it back. A visitor who is not logged in gets the login sheet over
 * the feed (spec §6), stays on the same post, and the like or follow is done once they are in.
 */
export function useSocialActions(change: Change): {
  like: (post: FeedPost, liked: boolean) => Promise<void>;
  follow: (post: FeedPost) => Promise<void>;
  loginSheet: ReactNode;
} {
  const signedIn = useRootData()?.signedIn ?? false;
  const { loginSheet, requestLogin } = useLoginSheet();

  const applyLike = useCallback(
    async (post: FeedPost, liked: boolean) => {
      const same = (candidate: FeedPost) => candidate.id === post.id;
      const delta = liked === post.likeByUser ? 0 : liked ? 1 : -1;
      change(same, (current) => ({ ...current, likeByUser: liked, likesCount: Math.max(0, current.likesCount + delta) }));
      try {
        const answer = await setLiked(post.id, liked);
        change(same, (current) => ({ ...current, likeByUser: answer.likeByUser, likesCount: answer.likesCount }));
      } catch (error) {
        change(same, (current) => ({ ...current, likeByUser: post.likeByUser, likesCount: post.likesCount }));
        if (error instanceof ApiError && error.code === 'login_required') requestLogin(() => applyLike(post, liked));
      }
    },
    [change, requestLogin],
  );

  const applyFollow = useCallback(
    async (post: FeedPost) => {
      const creator = post.user.id;
      const following = !post.user.iFollowUser;
      const byCreator = (candidate: FeedPost) => candidate.user.id === creator;
      const set = (value: boolean) => (current: FeedPost) => ({ ...current, user: { ...current.user, iFollowUser: value } });
      change(byCreator, set(following));
      try {
        const answer = await setFollowing(creator, following);
        change(byCreator, set(answer.iFollowUser));
      } catch (error) {
        change(byCreator, set(!following));
        if (error instanceof ApiError && error.code === 'login_required') requestLogin(() => applyFollow(post));
      }
    },
    [change, requestLogin],
  );

  const like = useCallback(
    async (post: FeedPost, liked: boolean) => {
      if (signedIn) await applyLike(post, liked);
      else requestLogin(() => applyLike(post, liked));
    },
    [applyLike, requestLogin, signedIn],
  );

  const follow = useCallback(
    async (post: FeedPost) => {
      if (signedIn) await applyFollow(post);
      else requestLogin(() => applyFollow(post));
    },
    [applyFollow, requestLogin, signedIn],
  );

  return { like, follow, loginSheet };
}
