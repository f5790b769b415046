/**
 * The product's icons as SVG path data on a 24×24 grid, drawn for this product,
 * shared by the Astro components and the React islands so both render the same marks.
 * Icons whose shape is closed can be drawn filled (the active navigation entry).
 */
export const ICON_PATHS = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  search: 'M11 4a7 7 0 1 1 0 14a7 7 0 1 1 0-14zM21 21l-5-5',
  library: 'M4 4h3v16H4zM10 4h3v16h-3zM15.4 5.3l2.9-.8 3.6 15.3-2.9.8z',
  profile: 'M12 3a4.5 4.5 0 1 1 0 9a4.5 4.5 0 1 1 0-9zM3.5 21c.8-4.2 4.2-7 8.5-7s7.7 2.8 8.5 7z',
  back: 'M15 5l-7 7 7 7',
  forward: 'M9 5l7 7-7 7',
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20.5a2 2 0 0 0 4 0',
  install: 'M12 3v12M7 10l5 5 5-5M4 20h16',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  more: 'M12 5h.01M12 12h.01M12 19h.01',
  close: 'M6 6l12 12M18 6 6 18',
  sun: 'M12 8a4 4 0 1 1 0 8a4 4 0 1 1 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  play: 'M8 5v14l11-7z',
  pause: 'M7 4h3.5v16H7zM13.5 4H17v16h-3.5z',
  next: 'M5 5l10 7-10 7zM17 5h2.5v14H17z',
  previous: 'M19 5L9 12l10 7zM4.5 5H7v14H4.5z',
  shuffle: 'M3 7h3.5c2.5 0 4 1.3 5.3 3.4l1.4 2.2C14.5 14.7 16 16 18.5 16H21M3 16h3.5c1.3 0 2.3-.4 3.1-1M14.4 8.1c.9-.7 2.2-1.1 4.1-1.1H21M18 4l3 3-3 3M18 13l3 3-3 3',
  repeat: 'M4 11V9.5A2.5 2.5 0 016.5 7H19M16 4l3 3-3 3M20 13v1.5a2.5 2.5 0 01-2.5 2.5H5M8 20l-3-3 3-3',
  drag: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  'arrow-up': 'M12 19V5M6 11l6-6 6 6',
  'arrow-down': 'M12 5v14M6 13l6 6 6-6',
  keyboard: 'M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10',
  note: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0a3 3 0 1 1 6 0zM20 16a3 3 0 1 1-6 0a3 3 0 1 1 6 0z',
  heart: 'M12 20.5s-7.5-4.6-9.2-9.1C1.6 8 3.8 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.7 1.1-1.6 2.7-2.7 4.7-2.7 3.5 0 5.7 3.5 4.5 6.9-1.7 4.5-9.2 9.1-9.2 9.1z',
  clock: 'M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18zM12 7v5l3 2',
  plus: 'M12 5v14M5 12h14',
  check: 'M5 12.5l4.5 4.5L19 7',
  album: 'M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18zM12 10a2 2 0 1 1 0 4a2 2 0 1 1 0-4z',
  clear: 'M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18zM9 9l6 6M15 9l-6 6',
  queue: 'M4 6h16M4 11h16M4 16h9M17 14v6l4-3z',
  devices: 'M3 5h13v9H3zM7 18h5M9.5 14v4M18 8h3v12h-3zM19.5 17h.01',
  miniplayer: 'M3 5h18v14H3zM12 12h7v5h-7z',
  expand: 'M14 4h6v6M20 4l-7 7M10 20H4v-6M4 20l7-7',
  volume: 'M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** Marks drawn solid whatever the caller says (the transport controls). */
const SOLID_ICONS: readonly IconName[] = ['play', 'pause', 'next', 'previous'];

/** Dots are drawn with a thick stroke so they read as dots. */
const DOTTED_ICONS: readonly IconName[] = ['more', 'drag'];

/**
 * An icon's classes (global.css draws `.icon`): the stroke, its caps and joins live in the style
 * sheet rather than in five attributes on each of a page's hundred icons (a 50-track list draws
 * 200), which the server wrote, sent and the browser parsed for every page.
 */
export function iconClassOf(name: IconName, filled: boolean): string {
  if (filled || SOLID_ICONS.includes(name)) return 'icon icon--solid';
  return DOTTED_ICONS.includes(name) ? 'icon icon--dots' : 'icon';
}
