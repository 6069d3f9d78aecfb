import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useRootData } from '../../lib/root-data';
import type { FeedPost } from './feed-data';
import { setFollowing, setLiked } from './social-actions';

type Change = (matches: (post: FeedPost) => boolean, update: (post: FeedPost) => FeedPost) => void;

/**
 * Like and follow from the feed, optimistic: the screen changes at once and takes the server's exact
 * count when it answers; a refusal puts it back. Visitors who are not logged in are sent to log in,
 * then back here (spec §6).
 */
export function useSocialActions(change: Change) {
  const signedIn = useRootData()?.signedIn ?? false;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const toLogin = useCallback(() => {
    navigate(`/login?next=${encodeURIComponent(`${pathname}${search}`)}`);
  }, [navigate, pathname, search]);

  const fail = useCallback(
    (error: unknown, undo: () => void) => {
      undo();
      if (error instanceof ApiError && error.code === 'login_required') toLogin();
    },
    [toLogin],
  );

  const like = useCallback(
    async (post: FeedPost, liked: boolean) => {
      if (!signedIn) return toLogin();
      const same = (candidate: FeedPost) => candidate.id === post.id;
      const delta = liked === post.likeByUser ? 0 : liked ? 1 : -1;
      change(same, (current) => ({ ...current, likeByUser: liked, likesCount: Math.max(0, current.likesCount + delta) }));
      try {
        const answer = await setLiked(post.id, liked);
        change(same, (current) => ({ ...current, likeByUser: answer.likeByUser, likesCount: answer.likesCount }));
      } catch (error) {
        fail(error, () => change(same, (current) => ({ ...current, likeByUser: post.likeByUser, likesCount: post.likesCount })));
      }
    },
    [change, fail, signedIn, toLogin],
  );

  const follow = useCallback(
    async (post: FeedPost) => {
      if (!signedIn) return toLogin();
      const creator = post.user.id;
      const following = !post.user.iFollowUser;
      const byCreator = (candidate: FeedPost) => candidate.user.id === creator;
      const set = (value: boolean) => (current: FeedPost) => ({ ...current, user: { ...current.user, iFollowUser: value } });
      change(byCreator, set(following));
      try {
        const answer = await setFollowing(creator, following);
        change(byCreator, set(answer.iFollowUser));
      } catch (error) {
        fail(error, () => change(byCreator, set(!following)));
      }
    },
    [change, fail, signedIn, toLogin],
  );

  return { like, follow };
}
