import type { Db } from '../db/database.ts';

export interface NewContactMessage {
  readonly kind: 'contact' | 'abuse';
  readonly email: string | null;
  readonly subject: string;
  readonly text: string;
  readonly userAgent: string;
  readonly senderId: number | null;
  readonly postId: number | null;
  readonly abuseUserId: number | null;
  readonly ip: string;
}

/** Stores contact messages and abuse reports; the only place with their SQL. */
export class ContactRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(message: NewContactMessage): Promise<number> {
    const row = await this.db
      .insertInto('contact_messages')
      .values({
        kind: message.kind,
        email: message.email,
        subject: message.subject,
        text: message.text,
        user_agent: message.userAgent,
        sender_id: message.senderId,
        post_id: message.postId,
        abuse_user_id: message.abuseUserId,
        ip: message.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async markMailed(id: number): Promise<void> {
    await this.db.updateTable('contact_messages').set({ mailed_at: new Date() }).where('id', '=', id).execute();
  }

  /** Whether the reported post and account exist (deleted posts can still be reported while their row exists). */
  async targetsExist(postId: number | null, userId: number | null): Promise<boolean> {
    const [post, user] = await Promise.all([
      postId === null ? true : this.db.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst(),
      userId === null ? true : this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst(),
    ]);
    return Boolean(post) && Boolean(user);
  }
}
