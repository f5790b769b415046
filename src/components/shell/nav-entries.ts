import { hrefOf } from '../../lib/routes';
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
  { label: 'Dashboard', href: hrefOf('home'), icon: 'home', matches: (path) => path === '/' },
  { label: 'Search', href: hrefOf('search'), icon: 'search', matches: under(hrefOf('search')) },
  { label: 'Your Library', href: hrefOf('collection'), icon: 'library', matches: under(hrefOf('collection')) },
  { label: 'Profile', href: hrefOf('myProfile'), icon: 'profile', matches: under(hrefOf('myProfile')) },
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
