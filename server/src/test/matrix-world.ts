import type { Caller, MatrixFixture } from '../http/authorisation-matrix.ts';
import { PostStatus } from '../posts/post-status.ts';
import { authAs, createPost, createUser } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

export interface MatrixWorld {
  readonly fixture: MatrixFixture;
  /** The headers each kind of caller sends. */
  readonly headers: Record<Caller, Record<string, string>>;
}

/**
 * The world an authorisation-matrix row runs in (authorisation-matrix.ts › MatrixFixture): its owner, other
 * users, a banned one, a public and a private post with stored renditions, and a URL import. Test support
 * for the matrix walk and the public-answers test.
 */
export async function matrixWorld(t: TestApp, visitorToken: string): Promise<MatrixWorld> {
  const { db } = t.container.database;
  const [owner, other, user, banned] = [
    await createUser(db),
    await createUser(db),
    await createUser(db),
    await createUser(db, { banned: true }),
  ];
  const post = await createPost(db, owner.id, { tags: ['matrixtag'] });
  const privatePost = await createPost(db, owner.id, { status: PostStatus.private });
  const mediaOf = async (postId: number) => {
    const { name } = await db.selectFrom('media_files').select('name').where('post_id', '=', postId).executeTakeFirstOrThrow();
    await t.container.storage.put(`media/${name}/mp4-540.mp4`, new Uint8Array(64));
    return name;
  };
  const [mediaName, privateMediaName] = [await mediaOf(post), await mediaOf(privatePost)];
  const job = await db
    .insertInto('scraper_jobs')
    .values({ user_id: owner.id, source_url: 'https://example.test/clip.mp4' })
    .returning('uid')
    .executeTakeFirstOrThrow();
  return {
    fixture: { owner, other, post, privatePost, mediaName, privateMediaName, scraperJob: job.uid },
    headers: {
      anonymous: {},
      visitor: { cookie: `anonymous=${visitorToken}` },
      banned: await authAs(t, banned.id),
      user: await authAs(t, user.id),
      other: await authAs(t, other.id),
      owner: await authAs(t, owner.id),
    },
  };
}
