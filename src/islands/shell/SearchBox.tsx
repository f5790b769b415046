import { useStore } from '@nanostores/react';
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon';
import { limitSearchText, queryFromText, SEARCH_MAX_LENGTH } from '../../lib/search-query';
import { $searchBoxStart, clearSearchQuery, openSearch, submitSearch } from '../../stores/search-box';
import { useHydrated } from '../../components/use-hydrated';

export { SEARCH_MAX_LENGTH };

/** What the user typed, and the route it was typed on: a new route (Enter, clear, back or forward, another page) drops it. */
interface Typed {
  over: { query: string };
  text: string;
}

/**
 * The top bar's search box (SPEC §2, §5): focus opens /search, Enter puts the trimmed
 * text in the URL as q (whitespace only removes q), the clear icon shows only with text.
 * It shows the route's q until the user types, and again whenever q changes.
 * `serverQuery`: the q the server rendered (the page's URL), shown until the island hydrates.
 */
export function SearchBox({ serverQuery = '' }: { serverQuery?: string }) {
  const start = useStore($searchBoxStart);
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<Typed | null>(null);
  // The server has no route store: its HTML (all a page shows with JavaScript off) and the
  // hydration that must match it show the q the server read from the URL; the route after.
  const text = !hydrated ? serverQuery : typed !== null && typed.over === start ? typed.text : start.query;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // Typing beyond the limit is ignored (a paste past it is cut to it).
    setTyped({ over: start, text: limitSearchText(event.target.value) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // The box shows what q becomes at once, not the old q while the page changes.
    setTyped({ over: start, text: queryFromText(text) ?? '' });
    submitSearch(text);
  };

  const clear = () => {
    setTyped({ over: start, text: '' });
    clearSearchQuery();
  };

  return (
    <div className="search-box" role="search">
      <Icon name="search" />
      <input
        type="search"
        aria-label="Search"
        placeholder="What do you want to play?"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        readOnly={!hydrated}
        onChange={onChange}
        onFocus={openSearch}
        onKeyDown={onKeyDown}
        autoComplete="off"
        enterKeyHint="search"
      />
      {/* Not before hydration: with JavaScript off the box shows q, and a clear icon would do nothing. */}
      {hydrated && text !== '' && (
        <button type="button" className="search-box__clear" aria-label="Clear search" onClick={clear}>
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
