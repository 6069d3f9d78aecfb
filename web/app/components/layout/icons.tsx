import type { ReactNode } from 'react';

/** Decorative outline icons; the link or button around them carries the accessible name. */
export function OutlineIcon({
  children,
  size = 24,
  strokeWidth = 2,
}: {
  children: ReactNode;
  size?: number;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function HomeIcon() {
  return (
    <OutlineIcon>
      <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
    </OutlineIcon>
  );
}

export function FollowingIcon() {
  return (
    <OutlineIcon>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18.5 14.2A6.5 6.5 0 0 1 21.5 20" />
    </OutlineIcon>
  );
}

export function PopularIcon() {
  return (
    <OutlineIcon>
      <path d="M12 3c.6 3.4 5.5 5.6 5.5 10.5a5.5 5.5 0 0 1-11 0c0-2.4 1.2-4 2.6-5.2.2 1.9 1.1 3 2.4 3.2C11 9 10.8 6 12 3z" />
    </OutlineIcon>
  );
}

export function TagIcon() {
  return (
    <OutlineIcon>
      <path d="M5 9h15M4 15h15M10 3 8 21M16 3l-2 18" />
    </OutlineIcon>
  );
}

export function PlaylistIcon() {
  return (
    <OutlineIcon>
      <path d="M4 6h12M4 12h12M4 18h7" />
      <path d="M16 15v6l5-3z" fill="currentColor" />
    </OutlineIcon>
  );
}

export function SearchIcon() {
  return (
    <OutlineIcon>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </OutlineIcon>
  );
}

export function SlidersIcon() {
  return (
    <OutlineIcon>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2.2" />
      <circle cx="9" cy="17" r="2.2" />
    </OutlineIcon>
  );
}

/** The brand mark beside the wordmark. */
export function MenuIcon() {
  return (
    <OutlineIcon>
      <path d="M4 7h16M4 12h16M4 17h10" />
    </OutlineIcon>
  );
}

/** A cross: the close and remove controls of dialogs, banners, toasts and lists. */
export function CloseIcon({ size = 18, strokeWidth = 2 }: { size?: number; strokeWidth?: number }) {
  return (
    <OutlineIcon size={size} strokeWidth={strokeWidth}>
      <path d="M6 6l12 12M18 6 6 18" />
    </OutlineIcon>
  );
}

/** Points toward the inline start; TopBar.module.css mirrors it in right-to-left languages. */
export function BackIcon() {
  return (
    <OutlineIcon>
      <path d="M15 18 9 12l6-6" />
    </OutlineIcon>
  );
}

export function VelvetMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--accent)" />
      <path
        d="m9 10 7 13 7-13"
        fill="none"
        stroke="var(--on-accent)"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
