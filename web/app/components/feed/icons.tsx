import type { ReactNode } from 'react';

/** Filled icons for controls over video; the button around each one carries the accessible name. */
function Icon({ children, size = 28 }: { children: ReactNode; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function HeartIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path
        fill="currentColor"
        d="M12 21.2 10.6 20C5.4 15.3 2 12.2 2 8.4 2 5.3 4.4 3 7.4 3c1.7 0 3.4.8 4.6 2.1C13.2 3.8 14.9 3 16.6 3 19.6 3 22 5.3 22 8.4c0 3.8-3.4 6.9-8.6 11.6z"
      />
    </Icon>
  );
}

export function ShareIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M13.5 4.2v4.1C6.9 9 3.6 13.2 3 19.6c2-3.1 5.2-4.8 10.5-4.8v4.1L21 11.6z" />
    </Icon>
  );
}

export function PlusIcon() {
  return (
    <Icon size={14}>
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
    </Icon>
  );
}

export function CheckIcon() {
  return (
    <Icon size={14}>
      <path
        d="m5 12.5 4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function SoundOnIcon() {
  return (
    <Icon size={22}>
      <path fill="currentColor" d="M4 9.2h3.6L12.5 5v14l-4.9-4.2H4z" />
      <path
        d="M15.5 8.8a4.5 4.5 0 0 1 0 6.4M18 6.3a8 8 0 0 1 0 11.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </Icon>
  );
}

export function SoundOffIcon() {
  return (
    <Icon size={22}>
      <path fill="currentColor" d="M4 9.2h3.6L12.5 5v14l-4.9-4.2H4z" />
      <path d="m16 9.5 5 5m0-5-5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Icon>
  );
}

export function SettingsIcon() {
  return (
    <Icon size={22}>
      <path
        fill="currentColor"
        d="M19.4 13a7.6 7.6 0 0 0 0-2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-1.7-1L15 3.5h-4l-.4 2.5a7.4 7.4 0 0 0-1.7 1l-2.4-1-2 3.4 2 1.6a7.6 7.6 0 0 0 0 2l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 1.7 1l.4 2.5h4l.4-2.5a7.4 7.4 0 0 0 1.7-1l2.4 1 2-3.4zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
        transform="translate(-1 0)"
      />
    </Icon>
  );
}

export function PlayIcon() {
  return (
    <Icon size={64}>
      <path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
    </Icon>
  );
}

export function ArrowIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <Icon size={24}>
      <path
        d={direction === 'up' ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon>
  );
}

export function MoreIcon() {
  return (
    <Icon>
      <circle cx="5" cy="12" r="2.2" fill="currentColor" />
      <circle cx="12" cy="12" r="2.2" fill="currentColor" />
      <circle cx="19" cy="12" r="2.2" fill="currentColor" />
    </Icon>
  );
}
