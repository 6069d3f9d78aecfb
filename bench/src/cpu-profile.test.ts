import { expect, test } from 'vitest';
import { summarise } from './cpu-profile.ts';

const frame = (id: number, functionName: string, children: number[] = [], url = '') => ({
  id,
  callFrame: { functionName, url, lineNumber: 0 },
  children,
});

test('after the start-up, self time counts leaves, total time each frame once per sample, app frames apart', () => {
  const profile = {
    nodes: [
      frame(1, '(root)', [2]),
      frame(2, 'render', [3, 4], 'file:///x/node_modules/react-dom/server.js'),
      frame(3, 'Shell', [5], 'file:///w/web/build/server/assets/shell.js'),
      frame(4, 'writev'),
      frame(5, 'render', [], 'file:///x/node_modules/react-dom/server.js'),
    ],
    samples: [1, 5, 5, 4, 3],
    timeDeltas: [0, 2000, 1000, 1000, 1000],
  };
  const summary = summarise(profile, { fromMs: 1 });
  expect(summary.samples).toBe(4);
  expect(summary.self).toEqual([
    ' 50.0 %  render react-dom/server.js:1',
    ' 25.0 %  writev',
    ' 25.0 %  Shell server/assets/shell.js:1',
  ]);
  // render recurses under Shell: still 100 %, not 175 %.
  expect(summary.total.slice(0, 2).sort()).toEqual(['100.0 %  (root)', '100.0 %  render react-dom/server.js:1']);
  expect(summary.owners).toEqual([' 50.0 %  react-dom', ' 25.0 %  V8 built-ins', ' 25.0 %  web app (server build)']);
  expect(summary.app).toEqual([' 75.0 %  Shell server/assets/shell.js:1']);
});
