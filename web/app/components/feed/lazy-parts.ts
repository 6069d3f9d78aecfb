import { lazy } from 'react';

/*
 * The feed's dialogs load on first use: they are not needed to watch, and the home page's first-load
 * JavaScript has a budget (bench/src/first-load-js.ts). prefetchDialogs fetches them once the page is idle.
 */
const shareSheet = () => import('../share/ShareSheet');
const qualityDialog = () => import('../player/QualityDialog');
const notPlayableDialog = () => import('../player/NotPlayableDialog');
// Only on the viewer's own posts (and on request): loaded when first opened.
const managePostSheet = () => import('../posts/ManagePostSheet');
const likersSheet = () => import('../posts/LikersSheet');

export const ShareSheet = lazy(() => shareSheet().then((module) => ({ default: module.ShareSheet })));
export const QualityDialog = lazy(() => qualityDialog().then((module) => ({ default: module.QualityDialog })));
export const NotPlayableDialog = lazy(() => notPlayableDialog().then((module) => ({ default: module.NotPlayableDialog })));

export const ManagePostSheet = lazy(() => managePostSheet().then((module) => ({ default: module.ManagePostSheet })));
export const LikersSheet = lazy(() => likersSheet().then((module) => ({ default: module.LikersSheet })));

export function prefetchDialogs(): void {
  void Promise.all([shareSheet(), qualityDialog(), notPlayableDialog()]).catch(() => {});
}
