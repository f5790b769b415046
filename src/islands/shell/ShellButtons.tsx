import { useStore } from '../../components/server-snapshot';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icon-paths';
import { $miniPlayerAvailable, openMiniPlayer } from '../../stores/mini-player';
import { openPalette } from '../../stores/palette';
import { signOut } from '../../stores/session';
import { toggleTheme } from '../../stores/theme';
import { $installPrompt, promptInstall } from '../../stores/install-prompt';
import { INSTALL_BUTTON_MARK } from '../../components/shell/install-without-island';

// The shell's buttons, shared by the wide top bar and the narrow bottom sheet.
// `onDone` lets the bottom sheet close itself after an action.

interface ActionProps {
  className?: string;
  onDone?: () => void;
  /** Its words as a tooltip too ([data-tooltip]): the top bar's narrow widths keep only its icon (shell.css). */
  tooltip?: boolean;
}

/** Install App: enabled only while the browser offers installation (SPEC §4). */
export function InstallButton({ className = 'button button--ghost', onDone, tooltip = false }: ActionProps) {
  const offer = useStore($installPrompt);
  return (
    <button
      type="button"
      className={className}
      data-tooltip={tooltip ? 'Install App' : undefined}
      disabled={!offer}
      data-needs-script
      {...INSTALL_BUTTON_MARK}
      onClick={() => {
        onDone?.();
        void promptInstall();
      }}
    >
      <Icon name="install" />
      <span className="button__label">Install App</span>
    </button>
  );
}

/** A labelled action of the shell that needs the page's JavaScript (a click before its island hydrates is kept: hydrate-on-intent.ts). */
function ShellAction({ className = 'button', onDone, tooltip = false, icon, label, run }: ActionProps & { icon: IconName; label: string; run: () => void }) {
  return (
    <button
      type="button"
      className={className}
      data-tooltip={tooltip ? label : undefined}
      data-needs-script
      onClick={() => {
        onDone?.();
        run();
      }}
    >
      <Icon name={icon} />
      <span className="button__label">{label}</span>
    </button>
  );
}

/** LogOut: ends the server session, clears local storage and replaces history with /auth (SPEC §4). */
export function LogoutButton(props: ActionProps) {
  return <ShellAction {...props} icon="logout" label="LogOut" run={() => void signOut()} />;
}

const THEMES = ['dark', 'light'] as const;

/** What the theme toggle shows and says while `theme` is on: the theme it switches to. */
function themeToggleWords(theme: (typeof THEMES)[number]) {
  const next = theme === 'dark' ? 'Light' : 'Dark';
  return { icon: theme === 'dark' ? 'sun' : 'moon', name: `Switch to ${next.toLowerCase()} theme`, label: `${next} theme` } as const;
}

/**
 * Switches between the dark and light themes; its name and icon name the theme it switches to.
 *
 * It carries both states, and the page's theme (<html data-theme>: the head script sets it from
 * the storage before the first paint, the theme store on every change) shows the one that
 * applies (shell.css). The server cannot know the stored theme, and hydration does not patch
 * attributes that differ from its HTML: a toggle drawn from the store kept the dark theme's sun
 * and name for a light theme's user until the first click, and one that swapped its inside on
 * hydrating lost a click held until then (its target left the page).
 */
export function ThemeToggle({ className = 'icon-button', withLabel = false }: ActionProps & { withLabel?: boolean }) {
  return (
    <button
      type="button"
      className={className}
      data-tooltip={withLabel ? undefined : themeToggleWords('dark').label}
      data-tooltip-when-light={withLabel ? undefined : themeToggleWords('light').label}
      data-theme-toggle
      data-needs-script
      onClick={() => toggleTheme()}
    >
      {THEMES.map((shown) => (
        <span key={shown} className="theme-toggle__icon" data-theme-shows={shown}>
          <Icon name={themeToggleWords(shown).icon} />
        </span>
      ))}
      {THEMES.map((shown) => (
        <span key={`${shown} name`} className="visually-hidden" data-theme-shows={shown}>
          {themeToggleWords(shown).name}
        </span>
      ))}
      {/* The bottom sheet's words, within the name ("Light theme" in "Switch to light theme"). */}
      {withLabel &&
        THEMES.map((shown) => (
          <span key={`${shown} label`} aria-hidden="true" data-theme-shows={shown}>
            {themeToggleWords(shown).label}
          </span>
        ))}
    </button>
  );
}

/** Go Back and Go Forward through the browser history. */
export function HistoryButton({ direction, className = 'icon-button', onDone, withLabel = false }: ActionProps & { direction: 'back' | 'forward'; withLabel?: boolean }) {
  const label = direction === 'back' ? 'Go Back' : 'Go Forward';
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      data-tooltip={withLabel ? undefined : label}
      data-needs-script
      onClick={() => {
        onDone?.();
        if (direction === 'back') history.back();
        else history.forward();
      }}
    >
      <Icon name={direction} />
      {withLabel && label}
    </button>
  );
}

/** Opens the command palette: the phone's way to it, where there is no Ctrl+K. */
export function PaletteButton(props: ActionProps) {
  return <ShellAction {...props} icon="search" label="Command palette" run={openPalette} />;
}

/** How long a press on the top bar's button waits for the card to open the window: a browser lets a press open one for about 5 s after it. */
const CARD_WAIT_MS = 4000;

/**
 * Opens the mini-player window, now or as soon as the card can: the button is on the page from
 * the server's HTML, and a first press hydrates the top bar at once but the card (which holds the
 * window) only once the browser is idle, within a second.
 */
function openMiniPlayerSoon(): void {
  if ($miniPlayerAvailable.get()) return openMiniPlayer();
  const stop = $miniPlayerAvailable.listen((available) => {
    if (!available) return;
    stop();
    clearTimeout(giveUp);
    openMiniPlayer();
  });
  const giveUp = setTimeout(stop, CARD_WAIT_MS);
}

/**
 * Opens the mini-player window from the top bar. In the server's HTML, so it never comes under a
 * pointer as the page hydrates: the page shows it only where the browser has Document
 * Picture-in-Picture, which the head's script marks before the first paint (head-scripts.ts
 * ROOT_MARKS_SCRIPT, global.css .mini-player-button).
 */
export function MiniPlayerButton() {
  return (
    <button type="button" className="icon-button mini-player-button" aria-label="Open mini player" data-tooltip="Open mini player" data-needs-script onClick={openMiniPlayerSoon}>
      <Icon name="miniplayer" />
    </button>
  );
}
