import type { Config } from '@react-router/dev/config';

/** The trivial React Router page of the bench (README "Trivial React Router page"): built into bench/.results. */
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: '../.results/rr-baseline',
} satisfies Config;
