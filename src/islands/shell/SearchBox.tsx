import { useEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon';
import { navigateTo } from '../../lib/navigation';
import { limitSearchText, queryFromText, SEARCH_MAX_LENGTH, searchHref } from '../../lib/search-query';
import { useHydrated } from './use-hydrated';

export { SEARCH_MAX_LENGTH };

function queryInUrl(): string {
  if (typeof location === 'undefined' || !location.pathname.startsWith('/search')) return '';
  return limitSearchText(new URLSearchParams(location.search).get('q') ?? '');
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
    // Typing beyond the limit is ignored (a paste past it is cut to it).
    setText(limitSearchText(event.target.value));
  };

  const onFocus = () => {
    if (location.pathname !== '/search') navigateTo('/search');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    navigateTo(searchHref(queryFromText(text)));
  };

  const clear = () => {
    setText('');
    navigateTo(searchHref(null));
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
