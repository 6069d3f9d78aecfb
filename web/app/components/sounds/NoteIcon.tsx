/** A musical note: what marks a sound across the site. */
export function NoteIcon({ size = 16 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d="M9 18.5a2.5 2.5 0 1 1-2.5-2.5H9V5.6a1 1 0 0 1 .76-.97l9-2.25A1 1 0 0 1 20 3.35V15.5a2.5 2.5 0 1 1-2.5-2.5H20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
