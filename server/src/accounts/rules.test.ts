import { describe, expect, test } from 'vitest';
import { sanitizeBio } from './bio.ts';
import { passwordProblem } from './password-policy.ts';
import { cleanUsername, parseUserRef, usernameProblem } from './username.ts';

describe('username rules (spec §5)', () => {
  test('cleanUsername strips URL prefix and query, folds spaces and dots, accents and case', () => {
    expect(cleanUsername('https://velvet.example/@John.Doe?ref=share')).toBe('john.doe');
    expect(cleanUsername('velvet.example/jane_doe#top')).toBe('jane_doe');
    expect(cleanUsername('  Jöhn   Dœ..Smith ')).toBe('john.d.smith');
    expect(cleanUsername('Ångström  Ærø')).toBe('angstrom.r');
    expect(cleanUsername('a-b*c')).toBe('abc');
  });

  test('usernameProblem applies the pattern and the reserved names', () => {
    for (const name of ['ab', 'john.doe_99', 'A1b', 'x'.repeat(31)]) expect(usernameProblem(name), name).toBeUndefined();
    for (const name of ['a', 'a1', '12345', 'x'.repeat(32), 'bad-name', 'ünï'])
      expect(usernameProblem(name), name).toBe('invalid');
    for (const name of [
      'login',
      'Settings',
      'tag',
      'popular',
      'playlist',
      'video',
      'legal',
      'api',
      'media',
      'admin',
      'statements',
      'velvet',
      'support',
      'v.e.l.v.e.t',
    ])
      expect(usernameProblem(name), name).toBe('reserved');
  });

  test('parseUserRef takes digits as an id and anything else as a cleaned name', () => {
    expect(parseUserRef('42')).toEqual({ id: 42 });
    expect(parseUserRef('@Jane.Doe')).toEqual({ username: 'jane.doe' });
  });
});

describe('password policy', () => {
  test('wants 8 to 128 characters, not a common password and not the username', () => {
    expect(passwordProblem('short')).toBe('too_short');
    expect(passwordProblem('x'.repeat(129))).toBe('too_long');
    for (const common of ['password', 'Password1', 'qwerty123', '12345678', 'iloveyou', 'sunshine1', 'football']) {
      expect(passwordProblem(common), common).toBe('too_common');
    }
    expect(passwordProblem('janedoe-is-me', 'JaneDoe')).toBe('contains_username');
    expect(passwordProblem('Correct horse battery 42', 'janedoe')).toBeUndefined();
    expect(passwordProblem('x'.repeat(128))).toBeUndefined();
  });
});

describe('bio sanitising (spec §5: b, u, a, i, br, em, strong)', () => {
  test('keeps allowed tags without attributes, links only with safe hrefs', () => {
    expect(sanitizeBio('<B class="x">bold</B> <em>e</em><br/><strong>s</strong><u>u</u><i>i</i>')).toBe(
      '<b>bold</b> <em>e</em><br><strong>s</strong><u>u</u><i>i</i>',
    );
    expect(sanitizeBio('<a href="https://x.example/a?b=1&c=2" onclick="evil()">x</a>')).toBe(
      '<a href="https://x.example/a?b=1&amp;c=2" rel="nofollow ugc noopener" target="_blank">x</a>',
    );
    expect(sanitizeBio('<a href="/tag/cats">#cats</a>')).toContain('href="/tag/cats"');
    // Browsers read a backslash as a slash in a URL path, so `/\host` is protocol-relative like `//host`.
    for (const href of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      'data:text/html,x',
      ' JAVASCRIPT:x',
    ]) {
      expect(sanitizeBio(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  test('drops other tags, escapes stray markup and always closes what it opens', () => {
    expect(sanitizeBio('<script>alert(1)</script><img src=x onerror=alert(1)>')).toBe('alert(1)');
    expect(sanitizeBio('<scr<script>ipt>alert(1)</script>')).toBe('&lt;script&gt;alert(1)');
    expect(sanitizeBio('1 < 2 & 3 > 2 "q" &amp;')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &quot;q&quot; &amp;');
    expect(sanitizeBio('<b><i>x</b> y</i>')).toBe('<b><i>x</i></b> y');
    expect(sanitizeBio('<a href="/a"><a href="/b">nested</a></a>')).toBe(
      '<a href="/a" rel="nofollow ugc noopener" target="_blank">nested</a>',
    );
    expect(sanitizeBio('<b>open')).toBe('<b>open</b>');
  });
});
