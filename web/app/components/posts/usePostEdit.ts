import { useState } from 'react';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import type { PostCard } from './post-links';
import { type PostChanges, updatePost } from './post-management';

export type Visibility = typeof PostStatus.published | typeof PostStatus.private;

/** What the owner's edit form starts from: the feed's card or the studio's post. */
export interface EditablePost {
  readonly id: number;
  readonly title: string;
  readonly tags: readonly { readonly tag: string }[];
  readonly status: number;
}

/**
 * The owner's edit of title, tags and who may see the post (PUT /api/post/{id}), shared by the manage
 * sheet and the studio's Details tab. Only a published or private post has a visibility to switch; a post
 * still processing keeps the owner's wish, so nothing is chosen, nor sent, until the owner picks.
 */
export function usePostEdit(post: EditablePost) {
  const [title, setTitle] = useState(post.title);
  const [tags, setTags] = useState<string[]>(post.tags.map((tag) => tag.tag));
  const initial = post.status === PostStatus.published || post.status === PostStatus.private ? post.status : undefined;
  const [visibility, setVisibility] = useState<Visibility | undefined>(initial);
  const changes = (): PostChanges =>
    visibility === undefined || visibility === initial ? { title, tags } : { title, tags, status: visibility };
  return {
    title,
    setTitle,
    tags,
    setTags,
    visibility,
    setVisibility,
    save: (): Promise<PostCard> => updatePost(post.id, changes()),
  };
}

export type PostEdit = ReturnType<typeof usePostEdit>;
