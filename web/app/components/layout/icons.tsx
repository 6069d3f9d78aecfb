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
    >
      {children}
    </svg>
  );
}

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

/** The brand mark beside the wordmark. */
export function VelvetMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
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
