import type { IconName } from '../icon-paths';

export interface NavEntry {
  label: string;
  href: string;
  icon: IconName;
  /** Whether the entry is the current one for a path. */
  matches: (path: string) => boolean;
}

const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);

/** SPEC §2: the side navigation's four entries. */
export const SIDE_NAV_ENTRIES: NavEntry[] = [
  { label: 'Dashboard', href: '/', icon: 'home', matches: (path) => path === '/' },
  { label: 'Search', href: '/search', icon: 'search', matches: under('/search') },
  { label: 'Your Library', href: '/collection', icon: 'library', matches: under('/collection') },
  { label: 'Profile', href: '/user/me', icon: 'profile', matches: under('/user/me') },
];

/** SPEC §2: the bottom navigation around its centred player button (which sits between the halves). */
export const BOTTOM_NAV_START: NavEntry[] = SIDE_NAV_ENTRIES.slice(0, 2);
export const BOTTOM_NAV_END: NavEntry[] = [
  SIDE_NAV_ENTRIES[2] as NavEntry,
  { ...(SIDE_NAV_ENTRIES[3] as NavEntry), label: 'My Profile' },
];

/** The path without a trailing slash, as the entries compare it. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
