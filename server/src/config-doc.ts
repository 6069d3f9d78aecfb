import { settingsSchema } from './config-schema.ts';

/** The README's configuration table, generated from the settings schema (`npm run config:doc`). */
export function configTable(): string {
  const rows = Object.entries(settingsSchema.properties).map(([name, schema]) => {
    const { default: fallback, description } = schema as { default?: unknown; description?: string };
    const shown = fallback === '' || fallback === undefined ? '(empty)' : `\`${String(fallback)}\``;
    return `| \`${name}\` | ${shown} | ${description ?? ''} |`;
  });
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

if (import.meta.main) console.log(configTable());
