import { useStore } from '../../components/server-snapshot';
import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Icon } from '../../components/Icon';
import { limitSearchText, SEARCH_MAX_LENGTH, shownQueryOf } from '../../lib/search-query';
import { $searchBoxStart, clearSearchQuery, openSearch, submitSearch } from '../../stores/search-box';
import { useHydrated } from '../../components/use-hydrated';
import { pressedLast } from '../../lib/intent-signals';
import { hrefOf } from '../../lib/routes';

export { SEARCH_MAX_LENGTH };

/**
 * A screen driven by a finger alone: its keyboard is on the screen, over the page. Not a touch
 * laptop or a tablet with a trackpad (hover): their keyboard may well be a real one, whose user
 * keeps typing in the box.
 */
const TOUCH_SCREEN = '(pointer: coarse) and (hover: none)';

/** What the user typed, and over which start: a new one (Enter, clear, back or forward, another page) drops it. */
interface Typed {
  generation: number;
  text: string;
}

/**
 * The top bar's search box (SPEC §2, §5): a click or a tap opens /search (a focus of another kind,
 * the first letter typed), Enter puts the trimmed text in the URL as q (whitespace only removes
 * q), the clear icon shows only with text, and it or Escape empties the box and removes q.
 * It shows the route's q until the user types, and again whenever q changes.
 * `serverQuery`: the q the server rendered (the page's URL), shown until the island hydrates.
 *
 * It is a GET form to /search, editable in the server's HTML: with JavaScript off, Enter asks the
 * server for the results; before the island hydrates, what the user types stays in the input and
 * is taken over here, and an early Enter waits for the island (hydrate-on-intent.ts holds it).
 */
export function SearchBox({ serverQuery = '' }: { serverQuery?: string }) {
  const start = useStore($searchBoxStart);
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<Typed | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The server has no route store: its HTML (all a page shows with JavaScript off) and the
  // hydration that must match it show the q the server read from the URL; the route after.
  const text = !hydrated ? serverQuery : typed !== null && typed.generation === start.generation ? typed.text : start.query;

  // Letters typed before hydration: React leaves a hydrated input's value as it finds it, and the
  // render after hydration would put the route's q over them. Read in the hydration's own commit.
  useLayoutEffect(() => {
    const early = input.current?.value ?? serverQuery;
    if (early === serverQuery) return;
    setTyped({ generation: $searchBoxStart.get().generation, text: limitSearchText(early) });
    // Letters are typing: /search opens, as with the first letter typed after hydration.
    if (document.activeElement === input.current) openSearch();
  }, []); // once, as the island hydrates

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // Typing beyond the limit is ignored (a paste past it is cut to it).
    setTyped({ generation: start.generation, text: limitSearchText(event.target.value) });
    // Reached by the keyboard, the box opens /search with the first letter (its letters carry on).
    openSearch();
  };

  // SPEC §2: focusing the box opens /search. A click or a tap does it at once (on the box already
  // focused too); any other focus (Tab on its way through the top bar, a dialog giving focus back)
  // waits for the first letter, or a keyboard user passing by would be taken off the page (WCAG
  // 3.2.1: focus alone changes no context). A press made before the island hydrated is told by
  // its focus, given again once it has (hydrate-on-intent.ts).
  const onFocus = () => {
    if (pressedLast(input.current)) openSearch();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The input's own value: an Enter held while the island hydrated comes before the render
    // that takes over the letters typed in the server's box (they are the same afterwards).
    const typedText = input.current?.value ?? text;
    // The box shows what q becomes at once, not the old q while the page changes.
    setTyped({ generation: start.generation, text: shownQueryOf(typedText) });
    submitSearch(typedText);
    // A finger's keyboard would cover the results it asked for: it goes down (the box keeps the
    // text). A keyboard's user keeps the focus where it was, to correct the words or Tab on.
    if (matchMedia(TOUCH_SCREEN).matches) input.current?.blur();
  };

  // The pill is the box a finger aims at (44 px tall, the input inside it less): a press on its
  // icon or its padding is a press on the input.
  const onPillClick = (event: MouseEvent<HTMLFormElement>) => {
    const target = event.target as Element;
    if (target === input.current || target.closest('button')) return;
    input.current?.focus();
    openSearch();
  };

  const clear = () => {
    setTyped({ generation: start.generation, text: '' });
    clearSearchQuery();
    // The clear icon goes with the text: focus goes to the box, ready for the next search, not to the page.
    input.current?.focus();
  };

  // A search input's Escape empties it by itself, and left q and its results on the page with no
  // clear icon to remove them: it is the clear icon's instead.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || text === '') return;
    event.preventDefault();
    clear();
  };

  return (
    <form className="search-box" role="search" action={hrefOf('search')} method="get" onSubmit={onSubmit} onClick={onPillClick}>
      <Icon name="search" />
      <input
        ref={input}
        type="search"
        name="q"
        aria-label="Search"
        placeholder="What do you want to play?"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={onChange}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        onPointerDown={openSearch}
        autoComplete="off"
        enterKeyHint="search"
      />
      {/* In the server's HTML too: the box shows q from the first paint (SPEC §2: the icon shows
          with text), and a tap on it before the island has hydrated is held and given to it once
          it has (hydrate-on-intent.ts). With JavaScript off it would do nothing: the style sheet
          hides it then (global.css, data-needs-script). */}
      {text !== '' && (
        <button type="button" className="search-box__clear" aria-label="Clear search" data-needs-script onClick={clear}>
          <Icon name="close" size={18} />
        </button>
      )}
    </form>
  );
}
