import { lazy } from 'react';

/*
 * The feed's dialogs load on first use: they are not needed to watch, and the home page's first-load
 * JavaScript has a budget (bench/src/first-load-js.ts). So do the image slideshow, which a feed that
 * starts on a video does not need at first, and the feed's end, pages below; server-rendered, both
 * stay on screen while their code arrives. prefetchLazyParts fetches them once the page is idle.
 */
const shareSheet = () => import('../share/ShareSheet');
const qualityDialog = () => import('../player/QualityDialog');
const notPlayableDialog = () => import('../player/NotPlayableDialog');
// Only on the viewer's own posts (and on request): loaded when first opened.
const managePostSheet = () => import('../posts/ManagePostSheet');
const likersSheet = () => import('../posts/LikersSheet');
const imageSlideshow = () => import('../player/ImageSlideshow');
const feedEnd = () => import('./FeedEnd');

export const ShareSheet = lazy(() => shareSheet().then((module) => ({ default: module.ShareSheet })));
export const QualityDialog = lazy(() => qualityDialog().then((module) => ({ default: module.QualityDialog })));
export const NotPlayableDialog = lazy(() => notPlayableDialog().then((module) => ({ default: module.NotPlayableDialog })));

export const ManagePostSheet = lazy(() => managePostSheet().then((module) => ({ default: module.ManagePostSheet })));
export const LikersSheet = lazy(() => likersSheet().then((module) => ({ default: module.LikersSheet })));

export const ImageSlideshow = lazy(() => imageSlideshow().then((module) => ({ default: module.ImageSlideshow })));
export const FeedEnd = lazy(() => feedEnd().then((module) => ({ default: module.FeedEnd })));

export function prefetchLazyParts(): void {
  void Promise.all([shareSheet(), qualityDialog(), notPlayableDialog(), imageSlideshow(), feedEnd()]).catch(() => {});
}
