/** A V8 CPU profile (`node --cpu-prof`), as far as the summary reads it. */
export interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string; lineNumber: number };
  readonly children?: number[];
}
export interface Profile {
  readonly nodes: ProfileNode[];
  readonly samples: number[];
  /** Microseconds from the previous sample (the first: from the profile's start). */
  readonly timeDeltas: number[];
}

function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(web|server)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

/** Whose code a frame is: a package, the web app's server build, the API server, Node itself, or V8. */
function owner({ functionName, url }: ProfileNode['callFrame']): string {
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.includes('/web/build/server/')) return 'web app (server build)';
  if (url.includes('/server/src/')) return 'API server (server/src)';
  if (url.startsWith('node:')) return 'Node.js';
  return functionName.startsWith('(') ? functionName : 'V8 built-ins';
}

/**
 * Self and total sample counts per frame name; a frame recursing in one stack counts once in total.
 * Samples before `fromMs` (the process's start-up, its module loading and route building) are left out.
 */
export function summarise(profile: Profile, { top = 15, fromMs = 0 } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const owners = new Map<string, number>();
  const total = new Map<string, number>();
  let elapsedUs = 0;
  let count = 0;
  for (const [index, sample] of profile.samples.entries()) {
    elapsedUs += profile.timeDeltas[index] ?? 0;
    if (elapsedUs < fromMs * 1000) continue;
    count += 1;
    const leaf = byId.get(sample)!;
    const leafName = frameName(leaf.callFrame);
    self.set(leafName, (self.get(leafName) ?? 0) + 1);
    const leafOwner = owner(leaf.callFrame);
    owners.set(leafOwner, (owners.get(leafOwner) ?? 0) + 1);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const name = frameName(byId.get(id)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + 1);
    }
  }
  const ranked = (counts: Map<string, number>, only = (_name: string) => true) =>
    [...counts]
      .filter(([name]) => only(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, samples]) => `${((100 * samples) / count).toFixed(1).padStart(5)} %  ${name}`);
  // The web app's own components and loaders (its server build), beneath React's and React Router's frames.
  return {
    samples: count,
    owners: ranked(owners),
    self: ranked(self),
    total: ranked(total),
    app: ranked(total, (name) => name.includes(' server/assets/')),
  };
}
