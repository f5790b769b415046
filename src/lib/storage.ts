/**
 * The browser's persisted values, under the seed's localStorage keys (SPEC §3). No token
 * is ever stored here: the session lives on the site's server (DESIGN §1), so the seed's
 * IS_LOGGED_IN and ACCESS_TOKEN are not written. Values are JSON text. Storage
 * can be missing, full or hold a value written by an older version, so every
 * read falls back to its default and logs why instead of throwing.
 */
export const STORAGE_KEYS = {
  themeMode: 'THEME_MODE_VALUE',
  deviceId: 'DEVICE_ID',
  // Beyond the seed: whether the player's single-key shortcuts (L, Q, ?) listen (WCAG 2.1.4).
  singleKeyShortcuts: 'SINGLE_KEY_SHORTCUTS',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on the mere access when storage is disabled.
    return null;
  }
}

/** Reads a JSON value; a missing, unreadable or unparsable value gives the fallback. */
export function readStored<T>(key: StorageKey, fallback: T): T {
  try {
    const text = localStore()?.getItem(key);
    if (text === null || text === undefined) return fallback;
    return JSON.parse(text) as T;
  } catch (error) {
    console.error(`Could not read ${key} from local storage`, error);
    return fallback;
  }
}

/** Writes a value as JSON text; a failure (quota, private mode) is logged. */
export function writeStored(key: StorageKey, value: unknown): void {
  try {
    localStore()?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error(`Could not write ${key} to local storage`, error);
  }
}

/**
 * A key set only for a moment before a sign-out's clear: HTML's clear() of an empty storage
 * changes nothing and so tells no other tab, which would then stay signed in on screen. The
 * head script of a session's end or start (src/layouts/head-scripts.ts) sets it too.
 */
export const SIGN_OUT_MARK = 'SIGNED_OUT';

/**
 * Clears all of local storage, as logout and the fatal request errors require (SPEC §4, §8).
 * Other tabs hear it (a storage event with no key: src/components/shell/shell-client.ts), even
 * when nothing was stored. `quietly` clears only what is there, for a tab that follows another's
 * sign-out: its clear, if any, must not set every tab off again.
 */
export function clearStorage({ quietly = false } = {}): void {
  try {
    const storage = localStore();
    if (!storage || (quietly && storage.length === 0)) return;
    if (!quietly) {
      try {
        storage.setItem(SIGN_OUT_MARK, '1');
      } catch {
        // A full storage refuses the mark; not being empty, its clear tells the other tabs anyway.
      }
    }
    storage.clear();
  } catch (error) {
    console.error('Could not clear local storage', error);
  }
}
