/**
 * What one tab of this browser tells the others at once: they share the session, so the
 * account's playback and library are theirs too. A tab left in view beside another (two windows
 * side by side) hears no focus or visibility change, and went on showing the track, the play
 * state and the hearts it had, for ever: its Next then took the music over from the stale state.
 * News is a nudge, not a state: each tab asks the provider, or learns a flag the way it would
 * have learnt it itself, so a tab never shows another's guess. Same origin only (BroadcastChannel),
 * and never the sender itself.
 */

/** A library flag changed by the provider's answer to a press in another tab. */
export interface LibraryNews {
  topic: 'library';
  /** A LibraryKind (src/api/library.ts): 'track', 'album', 'artist' or 'user'. */
  kind: string;
  id: string;
  inLibrary: boolean;
}

/** This tab's own device began a track, or paused or resumed: the others read the playback again. */
export interface PlaybackNews {
  topic: 'playback';
}

export type TabNews = LibraryNews | PlaybackNews;

const CHANNEL_NAME = 'my-music-tab-news';

let channel: BroadcastChannel | null | undefined;

/** The one channel of this tab, or null where there is none (the server, an old browser). */
function channelOf(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  return channel;
}

/** Whether a message is news of ours, in a shape this version reads (another version's tab may be open). */
export function isTabNews(data: unknown): data is TabNews {
  if (typeof data !== 'object' || data === null) return false;
  const news = data as { topic?: unknown; kind?: unknown; id?: unknown; inLibrary?: unknown };
  if (news.topic === 'playback') return true;
  return news.topic === 'library' && typeof news.kind === 'string' && typeof news.id === 'string' && news.id !== '' && typeof news.inLibrary === 'boolean';
}

/** Tells every other tab of this browser. */
export function tellOtherTabs(news: TabNews): void {
  try {
    channelOf()?.postMessage(news);
  } catch (error) {
    // A closed channel (the page going away) loses nothing: the others catch up as they come back into view.
    console.warn('Could not tell the other tabs', error);
  }
}

/** Hears the other tabs' news of `topic`; returns the cleanup. */
export function hearOtherTabs<T extends TabNews['topic']>(topic: T, listener: (news: Extract<TabNews, { topic: T }>) => void): () => void {
  const heard = channelOf();
  if (!heard) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (isTabNews(event.data) && event.data.topic === topic) listener(event.data as Extract<TabNews, { topic: T }>);
  };
  heard.addEventListener('message', onMessage);
  return () => heard.removeEventListener('message', onMessage);
}
