import { useEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon';
import { navigateTo } from '../../lib/navigation';
import { useHydrated } from './use-hydrated';

/** SPEC §5 and §9: search text is limited to 30 characters. */
export const SEARCH_MAX_LENGTH = 30;

function queryInUrl(): string {
  if (typeof location === 'undefined' || !location.pathname.startsWith('/search')) return '';
  return (new URLSearchParams(location.search).get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
}

/**
 * The top bar's search box (SPEC §2): focus opens /search, Enter puts the trimmed
 * text in the URL as q (whitespace only removes q), the clear icon shows only with text.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const hydrated = useHydrated();

  // The text follows the URL: on first load and after every client-side navigation.
  useEffect(() => {
    const sync = () => setText(queryInUrl());
    sync();
    document.addEventListener('astro:page-load', sync);
    window.addEventListener('popstate', sync);
    return () => {
      document.removeEventListener('astro:page-load', sync);
      window.removeEventListener('popstate', sync);
    };
  }, []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // Typing beyond the limit is ignored (a paste past it as well).
    if (event.target.value.length <= SEARCH_MAX_LENGTH) setText(event.target.value);
  };

  const onFocus = () => {
    if (location.pathname !== '/search') navigateTo('/search');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const query = text.trim();
    navigateTo(query ? `/search?${new URLSearchParams({ q: query }).toString()}` : '/search');
  };

  const clear = () => {
    setText('');
    navigateTo('/search');
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
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        autoComplete="off"
        enterKeyHint="search"
      />
      {text !== '' && (
        <button type="button" className="search-box__clear" aria-label="Clear search" onClick={clear}>
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
