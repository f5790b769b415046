/**
 * What a part of a screen that loads shows: a section of home, an artist or a profile; a paged
 * list's first page; a detail page's entity; the queue and devices panels. Four shapes of this
 * had grown apart (issue 27's review): each part now says how far its loading got
 * (`PartProgress`), and this one rule says what it shows. `PartBody` renders it for pages; the
 * panels word it for themselves.
 */

/**
 * Why a part shows nothing of its own: not offered by the provider (DESIGN §2), absent (SPEC
 * §8's not-found), or failed. A section among others hides itself for either (`showsSection`).
 */
export type PartFailure = 'unavailable' | 'not-found' | 'error';

export type PartState = 'loading' | 'ready' | 'empty' | PartFailure;

/** How far a part's loading got. */
export interface PartProgress {
  /** An answer came (which may hold nothing). */
  answered: boolean;
  /** How much of it is shown. */
  count: number;
  /** The failure of its last asking; null while asking again. */
  failure: PartFailure | null;
}

/**
 * What was loaded stays shown (a list whose next page failed keeps its items); else a failure
 * says so; else the part is loading until its answer comes, and empty if that holds nothing.
 */
export function partStateOf({ answered, count, failure }: PartProgress): PartState {
  if (count > 0) return 'ready';
  if (failure) return failure;
  return answered ? 'empty' : 'loading';
}

/**
 * A section's one shape: home's sections (failing with the error screen, or 'unavailable')
 * and a detail page's (hidden when they fail, SPEC §4).
 */
export interface Section<T> {
  status: 'idle' | 'loading' | 'ready' | PartFailure;
  items: T[];
}

export function sectionStateOf(section: Section<unknown>): PartState {
  const { status, items } = section;
  const answered = status === 'ready';
  const failure = status === 'idle' || status === 'loading' || status === 'ready' ? null : status;
  return partStateOf({ answered, count: answered ? items.length : 0, failure });
}

/**
 * Whether a section among others on a page shows at all (SPEC §4: a section that failed hides
 * itself, and the page shows the rest): while loading and once ready; empty only where the
 * catalogue has words for it ("No Albums Available.").
 */
export function showsSection(state: PartState, { saysEmpty = false } = {}): boolean {
  if (state === 'empty') return saysEmpty;
  return state === 'loading' || state === 'ready';
}
