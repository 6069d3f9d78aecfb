import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends e-mail; the transport is chosen by config (MAIL_TRANSPORT). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What the outbox transport writes, one JSON file per message. */
export interface OutboxEntry extends MailMessage {
  readonly id: string;
  readonly from: string;
  readonly createdAt: string;
}

/**
 * Development and test transport: each message becomes `<time>-<id>.json` in the outbox folder, written
 * to a temporary name and renamed so a reader never sees half a file.
 */
export class OutboxMailer implements Mailer {
  private readonly dir: string;
  private readonly from: string;

  constructor(dir: string, from: string) {
    this.dir = dir;
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const entry: OutboxEntry = { id: randomUUID(), from: this.from, createdAt: new Date().toISOString(), ...message };
    const name = `${entry.createdAt.replace(/[:.]/g, '-')}-${entry.id}.json`;
    const temporary = join(this.dir, `.${name}.tmp`);
    await writeFile(temporary, JSON.stringify(entry, null, 2), { mode: 0o600 });
    await rename(temporary, join(this.dir, name));
  }
}

/** nodemailer's codes for a server that could not be reached or stopped answering (timeouts are ETIMEDOUT). */
const UNREACHABLE = new Set(['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EDNS']);

/**
 * Production transport: SMTP_URL (smtp:// or smtps://, credentials in the URL). One connection per
 * message: account e-mail is rare, and no pool is left holding sockets at shutdown. Connecting, the
 * greeting and every later wait are bounded by OUTBOUND_TIMEOUT_MS; a server that cannot be reached or
 * stops answering fails the send as mail_unavailable (503), never a hung request.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(url: string, from: string, timeoutMs: number) {
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    });
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      if (UNREACHABLE.has((error as { code?: unknown }).code as string)) throw new AppError('mail_unavailable');
      throw error;
    }
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(config: Config['mail']): Mailer {
  return config.transport === 'smtp'
    ? new SmtpMailer(config.smtpUrl, config.from, config.timeoutMs)
    : new OutboxMailer(config.outboxDir, config.from);
}
