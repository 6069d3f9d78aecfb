/** "CC" in a rounded frame, filled when captions are on; the button around it carries the accessible name. */
export function CaptionsIcon({ on }: { readonly on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true" focusable="false">
      <rect
        x="2.5"
        y="5"
        width="19"
        height="14"
        rx="3"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
      <path
        d="M10.4 10.2a2.3 2.3 0 1 0 0 3.6M17.4 10.2a2.3 2.3 0 1 0 0 3.6"
        fill="none"
        stroke={on ? '#000' : 'currentColor'}
        strokeWidth="1.9"
        strokeLinecap="round"
      />
    </svg>
  );
}
