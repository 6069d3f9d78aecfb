import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { temporaryDirectory } from '../test/processes.ts';
import { startSilentServer } from '../test/silent-server.ts';
import { createMailer, OutboxMailer, SmtpMailer } from './mailer.ts';
import { renderMessage } from './messages.ts';

const folder = temporaryDirectory();
afterAll(() => folder.remove());

describe('the outbox transport', () => {
  test('writes each message as a complete JSON file, leaving no temporary files behind', async () => {
    const mailer = new OutboxMailer(`${folder.path}/outbox`, 'Velvet <no-reply@velvet.local>');
    await Promise.all([1, 2, 3].map((n) => mailer.send({ to: `u${n}@example.test`, subject: `s${n}`, text: `t${n}` })));
    const names = readdirSync(`${folder.path}/outbox`);
    expect(names).toHaveLength(3);
    for (const name of names) {
      expect(name).toMatch(/^\d{4}-.+\.json$/);
      const entry = JSON.parse(readFileSync(`${folder.path}/outbox/${name}`, 'utf8'));
      expect(entry).toMatchObject({
        id: expect.any(String),
        from: 'Velvet <no-reply@velvet.local>',
        to: expect.stringMatching(/@example\.test$/),
      });
    }
  });
});

/** Just enough of an SMTP server to accept messages and remember them. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const command = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (command.startsWith('EHLO')) socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, messages });
    });
  });
}

describe('the SMTP transport', () => {
  test('sends through SMTP_URL with the configured sender', async () => {
    const smtp = await fakeSmtp();
    try {
      const mailer = createMailer({
        transport: 'smtp',
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        outboxDir: '',
        from: 'Velvet <no-reply@velvet.local>',
        timeoutMs: 5000,
      });
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send({ to: 'jane@example.test', subject: 'Hello there', text: 'Body text' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain('Subject: Hello there');
      expect(smtp.messages[0]).toContain('To: jane@example.test');
      expect(smtp.messages[0]).toContain('Body text');
      (mailer as SmtpMailer).close();
    } finally {
      smtp.server.close();
    }
  });

  test('a server that accepts and never greets fails the send as mail_unavailable within the bound', async () => {
    const silent = await startSilentServer();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${silent.port}`, 'Velvet <no-reply@velvet.local>', 400);
    try {
      const started = Date.now();
      await expect(mailer.send({ to: 'jane@example.test', subject: 's', text: 't' })).rejects.toMatchObject({
        code: 'mail_unavailable',
      });
      expect(silent.connections()).toBe(1);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      mailer.close();
      await silent.close();
    }
  });
});

describe('e-mail texts', () => {
  test('fill in placeholders and fall back to English for languages without a file', () => {
    for (const locale of ['en-US', 'xx-YY', 'xx', '../../etc']) {
      const message = renderMessage('reset-password', locale, {
        username: 'jane',
        link: 'https://v.example/reset-password/abc',
        hours: 1,
      });
      expect(message.subject).toBe('Reset your Velvet password');
      expect(message.text).toContain('Hi jane,');
      expect(message.text).toContain('https://v.example/reset-password/abc');
      expect(message.text).not.toContain('{{');
    }
  });
});
