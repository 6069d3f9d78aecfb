/** A value as one CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
function field(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text with a header line; CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** One CSV line (CRLF-terminated), for files written row by row. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(field).join(',')}\r\n`;
}
