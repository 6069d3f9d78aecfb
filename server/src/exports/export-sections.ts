import { followersSection, followingSection, notificationsSection, profileSection } from './account-sections.ts';
import { analyticsSection } from './analytics-section.ts';
import { captionsSection } from './captions-section.ts';
import type { ExportSection } from './export-section.ts';
import { likesSection, postFilesSection, postsSection } from './post-sections.ts';

/**
 * Everything an export holds, in archive order. A section is one small function over the account's rows;
 * adding data to the archive is adding a section here, and README.txt describes it from its `files`.
 */
export const exportSections: readonly ExportSection[] = [
  profileSection,
  postsSection,
  postFilesSection,
  captionsSection,
  likesSection,
  followingSection,
  followersSection,
  notificationsSection,
  analyticsSection,
];

const WIDTH = 100;

/** Wraps `text` at WIDTH columns, every line after `indent`. */
function wrap(text: string, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + word.length + 1 > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

/**
 * README.txt: what each file of the archive holds and what its JSON keys mean. In English, like the keys
 * themselves: it documents a machine-readable format (the page and the e-mail around it are translated).
 */
export function readmeText(sections: readonly ExportSection[], made: { username: string; at: Date; site: string }): string {
  const parts = [
    `Velvet data export of @${made.username}`,
    `Made ${made.at.toISOString()} by ${made.site}`,
    '',
    wrap(
      'This archive holds the data of your account in files you can open anywhere: JSON (UTF-8 text) for lists and ' +
        'settings, and your uploaded media as you uploaded it. Times are ISO 8601 in UTC. A key whose value is null ' +
        'has no value for that row. Lists in JSON files are arrays of objects with the keys described below.',
      '',
    ),
  ];
  for (const file of sections.flatMap((section) => section.files)) {
    parts.push('', file.path, wrap(file.about, '  '));
    for (const [key, meaning] of Object.entries(file.keys ?? {})) parts.push(wrap(`${key}: ${meaning}`, '    '));
  }
  return `${parts.join('\n')}\n`;
}
