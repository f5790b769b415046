/** The player card's own icons (24×24 paths), beside the shared set of src/components/icon-paths.ts. */
const PATHS = {
  play: 'M7 4.5v15l12-7.5z',
  pause: 'M7 4h3.5v16H7zM13.5 4H17v16h-3.5z',
  next: 'M5 5l10 7-10 7zM17 5h2.5v14H17z',
  previous: 'M19 5L9 12l10 7zM4.5 5H7v14H4.5z',
  shuffle: 'M3 7h3.5c2.5 0 4 1.3 5.3 3.4l1.4 2.2C14.5 14.7 16 16 18.5 16H21M3 16h3.5c1.3 0 2.3-.4 3.1-1M14.4 8.1c.9-.7 2.2-1.1 4.1-1.1H21M18 4l3 3-3 3M18 13l3 3-3 3',
  repeat: 'M4 11V9.5A2.5 2.5 0 016.5 7H19M16 4l3 3-3 3M20 13v1.5a2.5 2.5 0 01-2.5 2.5H5M8 20l-3-3 3-3',
  heart: 'M12 20.5s-7.5-4.6-9.2-9.1C1.6 8 3.8 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.7 1.1-1.6 2.7-2.7 4.7-2.7 3.5 0 5.7 3.5 4.5 6.9-1.7 4.5-9.2 9.1-9.2 9.1z',
  close: 'M6 6l12 12M18 6L6 18',
  drag: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  keyboard: 'M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10',
} as const;

export type PlayerIconName = keyof typeof PATHS;

const FILLED: readonly PlayerIconName[] = ['play', 'pause', 'next', 'previous'];

/** One of the card's icons; `filled` fills outlines such as the heart. */
export function PlayerIcon({ name, filled = false, size = 20 }: { name: PlayerIconName; filled?: boolean; size?: number }) {
  const solid = filled || FILLED.includes(name);
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={solid ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={name === 'drag' ? 3.5 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
