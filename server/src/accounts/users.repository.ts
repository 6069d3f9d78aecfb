import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { FePreference, MediaVariant } from '../db/schema.ts';

/** What login and session checks need to know about an account. */
export interface AccountRow {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly passwordHash: string | null;
  readonly lang: string;
  readonly debugLevel: number;
  readonly bannedAt: Date | null;
  readonly deleteRequestedAt: Date | null;
  readonly emailVerifiedAt: Date | null;
  readonly suspendedUntil: Date | null;
}

/** An account as the per-request session check sees it. */
export interface SessionAccountRow extends AccountRow {
  /** Access tokens issued before this instant are void (password change or reset). */
  readonly sessionsValidAfter: Date | null;
  /** Whether the token's refresh family still has a live (unrevoked) token: false after its logout. */
  readonly sessionLive: boolean;
}

export interface ProfileRow {
  readonly id: number;
  readonly uid: string;
  readonly username: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly type: number;
  readonly bio: string;
  readonly lgbtPreference: number;
  readonly generalNotifSound: boolean;
  readonly fePreference: FePreference;
  readonly followersCount: number;
  readonly followingCount: number;
  readonly postsCount: number;
  readonly likesReceived: number;
  readonly socialLinks: Record<string, string>;
  readonly avatarVariants: Record<string, MediaVariant> | null;
  readonly hasPassword: boolean;
  readonly emailVerified: boolean;
  /** Whether the viewer follows this account (false without a viewer). */
  readonly viewerFollows: boolean;
  /** The sign-in providers linked to the account when it is the viewer's own, else null. */
  readonly ownProviders: string[] | null;
}

export interface ProfileChanges {
  readonly displayName?: string;
  readonly bio?: string;
  readonly lgbtPreference?: number;
  readonly generalNotifSound?: boolean;
  readonly fePreference?: FePreference;
  readonly socialLinks?: Record<string, string>;
}

/** A unique violation on insert, named by the column that collided. */
export class DuplicateAccountError extends Error {
  readonly field: 'username' | 'email';

  constructor(field: 'username' | 'email') {
    super(`duplicate ${field}`);
    this.field = field;
  }
}

export class UsersRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  private accounts() {
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'email',
        'password_hash as passwordHash',
        'lang',
        'debug_level as debugLevel',
        'banned_at as bannedAt',
        'delete_requested_at as deleteRequestedAt',
        'email_verified_at as emailVerifiedAt',
        'suspended_until as suspendedUntil',
      ]);
  }

  findAccountById(id: number): Promise<AccountRow | undefined> {
    return this.accounts().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The account behind an access token and whether the token's session is still open, in one statement:
   * a primary-key read plus a probe of the partial index refresh_tokens_live_family (migration 0013).
   */
  findSessionAccount(id: number, sessionId: string): Promise<SessionAccountRow | undefined> {
    return this.accounts()
      .select([
        'sessions_valid_after as sessionsValidAfter',
        sql<boolean>`EXISTS (SELECT 1 FROM refresh_tokens r
          WHERE r.family_id = ${sessionId}::uuid AND r.revoked_at IS NULL AND r.user_id = users.id)`.as('sessionLive'),
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async setSessionsValidAfter(id: number, validAfter: Date): Promise<void> {
    await this.db.updateTable('users').set({ sessions_valid_after: validAfter }).where('id', '=', id).execute();
  }

  /** username and email are citext, so both lookups ignore case. */
  findAccountByUsername(username: string): Promise<AccountRow | undefined> {
    return this.accounts().where('username', '=', username).executeTakeFirst();
  }

  findAccountByEmail(email: string): Promise<AccountRow | undefined> {
    return this.accounts().where('email', '=', email).executeTakeFirst();
  }

  async usernameExists(username: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
  }

  async emailExists(email: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
  }

  async create(account: { username: string; email: string; passwordHash: string; lang: string }): Promise<number> {
    try {
      const row = await this.db
        .insertInto('users')
        .values({ username: account.username, email: account.email, password_hash: account.passwordHash, lang: account.lang })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      const constraint =
        (error as { code?: string; constraint?: string }).code === '23505' ? (error as { constraint?: string }).constraint : '';
      if (constraint === 'users_username_key') throw new DuplicateAccountError('username');
      if (constraint === 'users_email_key') throw new DuplicateAccountError('email');
      throw error;
    }
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async markEmailVerified(id: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async requestDeletion(id: number): Promise<Date> {
    const row = await this.db
      .updateTable('users')
      .set({ delete_requested_at: sql`coalesce(delete_requested_at, now())` })
      .where('id', '=', id)
      .returning('delete_requested_at')
      .executeTakeFirstOrThrow();
    return row.delete_requested_at as Date;
  }

  async cancelDeletion(id: number): Promise<void> {
    await this.db.updateTable('users').set({ delete_requested_at: null }).where('id', '=', id).execute();
  }

  /** Really removes accounts whose grace period ended; their rows cascade to tokens, posts, likes... */
  async deleteRequestedBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.deleteFrom('users').where('delete_requested_at', '<', cutoff).returning('id').execute();
    return rows.length;
  }

  /**
   * Public profile of an active account (banned and leaving accounts are not shown). Given the viewer, the
   * same statement says whether they follow it and, on their own, which providers are linked: every
   * signed-in page reads the viewer's own profile, and the providers were a statement of their own.
   */
  findProfile(ref: { id: number } | { username: string }, viewerId?: number): Promise<ProfileRow | undefined> {
    const viewerFollows =
      viewerId === undefined
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)`;
    const ownProviders =
      viewerId === undefined
        ? sql<string[] | null>`null`
        : sql<
            string[] | null
          >`case when u.id = ${viewerId} then array(select e.provider from external_identities e where e.user_id = u.id) end`;
    let query = this.db
      .selectFrom('users as u')
      .leftJoin('media_files as av', 'av.id', 'u.avatar_media_id')
      .select([
        'u.id',
        'u.uid',
        'u.username',
        'u.display_name as displayName',
        'u.email',
        'u.type',
        'u.bio',
        'u.lgbt_preference as lgbtPreference',
        'u.general_notif_sound as generalNotifSound',
        'u.fe_preference as fePreference',
        'u.followers_count as followersCount',
        'u.following_count as followingCount',
        'u.posts_count as postsCount',
        'u.likes_received as likesReceived',
        'u.social_links as socialLinks',
        'av.variants as avatarVariants',
        sql<boolean>`u.password_hash is not null`.as('hasPassword'),
        sql<boolean>`u.email_verified_at is not null`.as('emailVerified'),
        viewerFollows.as('viewerFollows'),
        ownProviders.as('ownProviders'),
      ])
      .where('u.banned_at', 'is', null)
      .where('u.delete_requested_at', 'is', null);
    query = 'id' in ref ? query.where('u.id', '=', ref.id) : query.where('u.username', '=', ref.username);
    return query.executeTakeFirst();
  }

  async updateProfile(id: number, changes: ProfileChanges): Promise<void> {
    const set = {
      ...(changes.displayName !== undefined && { display_name: changes.displayName }),
      ...(changes.bio !== undefined && { bio: changes.bio }),
      ...(changes.lgbtPreference !== undefined && { lgbt_preference: changes.lgbtPreference }),
      ...(changes.generalNotifSound !== undefined && { general_notif_sound: changes.generalNotifSound }),
      ...(changes.fePreference !== undefined && { fe_preference: JSON.stringify(changes.fePreference) }),
      ...(changes.socialLinks !== undefined && { social_links: JSON.stringify(changes.socialLinks) }),
    };
    await this.db
      .updateTable('users')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Tag ids by normalised name, from the primary names and every translation. */
  async tagIdsByName(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tags')
      .select(['id', 'tag as name'])
      .where('tag', 'in', names)
      .unionAll(
        this.db.selectFrom('tag_translations').select(['tag_id as id', 'normalized as name']).where('normalized', 'in', names),
      )
      .execute();
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  /** Which sign-in providers are linked to the account (google, apple). */
  async linkedProviders(userId: number): Promise<string[]> {
    const rows = await this.db.selectFrom('external_identities').select('provider').where('user_id', '=', userId).execute();
    return rows.map((row) => row.provider);
  }

  async findIdentityOwner(provider: 'google' | 'apple', subject: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('external_identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Links (or relinks, replacing the user's previous account of that provider) a provider identity. */
  async linkIdentity(
    userId: number,
    identity: { provider: 'google' | 'apple'; subject: string; email: string | null },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('external_identities')
        .where('user_id', '=', userId)
        .where('provider', '=', identity.provider)
        .execute();
      await trx
        .insertInto('external_identities')
        .values({ user_id: userId, provider: identity.provider, subject: identity.subject, email: identity.email })
        .execute();
    });
  }

  async unlinkIdentity(userId: number, provider: 'google' | 'apple'): Promise<void> {
    await this.db.deleteFrom('external_identities').where('user_id', '=', userId).where('provider', '=', provider).execute();
  }

  /** A password-less account made through a provider, linked to it in the same transaction. */
  async createWithIdentity(account: {
    username: string;
    email: string | null;
    emailVerified: boolean;
    displayName: string;
    lang: string;
    identity: { provider: 'google' | 'apple'; subject: string };
  }): Promise<number> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            username: account.username,
            email: account.email,
            email_verified_at: account.emailVerified ? new Date() : null,
            display_name: account.displayName,
            lang: account.lang,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('external_identities')
          .values({
            user_id: row.id,
            provider: account.identity.provider,
            subject: account.identity.subject,
            email: account.email,
          })
          .execute();
        return row.id;
      });
    } catch (error) {
      const constraint =
        (error as { code?: string; constraint?: string }).code === '23505' ? (error as { constraint?: string }).constraint : '';
      if (constraint === 'users_username_key') throw new DuplicateAccountError('username');
      if (constraint === 'users_email_key') throw new DuplicateAccountError('email');
      throw error;
    }
  }
}
