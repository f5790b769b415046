import { useStore } from '../../components/server-snapshot';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../components/Icon';
import { useModalEscape } from '../../components/use-escape-key';
import { useFocusTrap } from '../../components/use-focus-trap';
import { isMoveKey, movedHighlight, searchesCatalogue } from '../../lib/palette';
import { closePalette } from '../../stores/palette';
import { $paletteGroups, $paletteQuery, $paletteSearch, resetPalette, runPaletteOption, typeInPalette, type PaletteOption } from '../../stores/palette-options';
import '../../styles/palette.css';

const LIST_ID = 'command-palette-list';
const optionId = (option: PaletteOption) => `command-palette-${option.id}`;

/** What the live region says: how many matches, or that the search is on its way. */
function statusOf(count: number, searching: boolean): string {
  if (searching) return 'Searching…';
  if (count === 0) return 'No matches';
  return count === 1 ? '1 match' : `${count} matches`;
}

/**
 * The command palette (Ctrl+K, Cmd+K): one text field that filters pages, actions and, from
 * three characters, search results, in the ARIA combobox pattern. Focus stays in the field
 * (the highlighted option is its aria-activedescendant); Up and Down wrap, Home and End jump,
 * Enter runs, Escape closes and gives focus back where it was.
 */
export function CommandPalette() {
  const query = useStore($paletteQuery);
  const groups = useStore($paletteGroups);
  const found = useStore($paletteSearch);
  const panel = useRef<HTMLDivElement>(null);
  // An option that opens another page leaves focus to that page, not to where the palette opened.
  const giveFocusBack = useRef(true);
  useFocusTrap(panel, true, () => giveFocusBack.current);
  // It opens empty every time.
  useEffect(() => resetPalette, []);

  const options = groups.flatMap((group) => group.options);
  // The highlight follows its option while the list changes around it (results arriving), else the first.
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const highlighted = Math.max(0, options.findIndex((option) => option.id === highlightedId));
  const active = options[highlighted];

  // Keyed by id: the options are made anew whenever the player changes (every second while it
  // plays), and a list the wheel scrolled must not jump back to the highlight each time.
  const activeId = active ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const run = (option: PaletteOption) => {
    giveFocusBack.current = !option.navigates;
    runPaletteOption(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that compose a character (an input method's Enter, arrows among its candidates) are the method's.
    if (event.nativeEvent.isComposing) return;
    if (isMoveKey(event.key)) {
      event.preventDefault();
      const next = options[movedHighlight(highlighted, options.length, event.key)];
      if (next) setHighlightedId(next.id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active) run(active);
    }
  };

  // The top layer while it is open: a modal among the others (use-escape-key.ts), opened last, so
  // a sheet or dialog under it does not take an Escape pressed with focus on the page behind.
  // Its Escape closes it wherever focus is: in it (its field, its Close), on the page behind or in
  // a layer under it (where a native dialog closing, or an island hydrating late, may put focus);
  // the panels, sheets and dialogs under it hear nothing. A prompt opened over it (a play's answer
  // coming late) is the top one then, and has its Escape first.
  useModalEscape(true, closePalette, { wherever: true });

  const searching = searchesCatalogue(query) && found.loading;
  return (
    <div className="command-palette">
      <div className="command-palette__backdrop" onClick={closePalette} aria-hidden="true" />
      <div ref={panel} className="command-palette__panel" role="dialog" aria-modal="true" aria-label="Command palette">
        <div className="command-palette__field">
          <Icon name="search" />
          <input
            type="text"
            role="combobox"
            aria-label="Go to a page, run an action or find music"
            aria-expanded={options.length > 0}
            aria-controls={LIST_ID}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            placeholder="Pages, actions, music…"
            value={query}
            onChange={(event) => {
              typeInPalette(event.target.value);
              setHighlightedId(null);
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            autoFocus
          />
          <kbd className="command-palette__escape" aria-hidden="true">
            Esc
          </kbd>
          {/* Phones have no Escape key. */}
          <button type="button" className="icon-button command-palette__close" aria-label="Close" onClick={closePalette}>
            <Icon name="close" size={18} />
          </button>
        </div>
        {options.length === 0 && <p className="command-palette__empty">{searching ? 'Searching…' : 'No matches'}</p>}
        <div id={LIST_ID} className="command-palette__list" role="listbox" aria-label="Pages, actions and results" hidden={options.length === 0}>
          {groups.map((group) => (
            <div key={group.name} role="group" aria-labelledby={`command-palette-group-${group.name}`}>
              <div id={`command-palette-group-${group.name}`} className="command-palette__group">
                {group.name}
              </div>
              {group.options.map((option) => (
                <div
                  key={option.id}
                  id={optionId(option)}
                  role="option"
                  aria-selected={option === active}
                  className="command-palette__option"
                  // The field keeps focus (and the keyboard) while the pointer chooses.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => option !== active && setHighlightedId(option.id)}
                  onClick={() => run(option)}
                >
                  <span className="command-palette__label">
                    <span className="command-palette__name">{option.label}</span>
                    {option.detail && <span className="command-palette__detail">{option.detail}</span>}
                  </span>
                  {option.shortcut && <kbd className="command-palette__shortcut">{option.shortcut}</kbd>}
                </div>
              ))}
            </div>
          ))}
        </div>
        <p className="visually-hidden" role="status">
          {statusOf(options.length, searching)}
        </p>
      </div>
    </div>
  );
}
