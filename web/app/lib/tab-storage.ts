// sessionStorage throws when storage is disabled; the features using it then simply do not remember.

export function readTabValue(key: string): string | undefined {
  try {
    return window.sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeTabValue(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {}
}
