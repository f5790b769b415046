import { useStore } from '../../components/server-snapshot';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icon-paths';
import { $miniPlayerAvailable, openMiniPlayer } from '../../stores/mini-player';
import { openPalette } from '../../stores/palette';
import { signOut } from '../../stores/session';
import { $theme, toggleTheme } from '../../stores/theme';
import { $installPrompt, promptInstall } from '../../stores/install-prompt';
import { useHydrated } from '../../components/use-hydrated';
import { INSTALL_BUTTON_MARK } from '../../components/shell/install-without-island';

// The shell's buttons, shared by the wide top bar and the narrow bottom sheet.
// `onDone` lets the bottom sheet close itself after an action.

interface ActionProps {
  className?: string;
  onDone?: () => void;
}

/** Install App: enabled only while the browser offers installation (SPEC §4). */
export function InstallButton({ className = 'button button--ghost', onDone }: ActionProps) {
  const offer = useStore($installPrompt);
  return (
    <button
      type="button"
      className={className}
      disabled={!offer}
      {...INSTALL_BUTTON_MARK}
      onClick={() => {
        onDone?.();
        void promptInstall();
      }}
    >
      <Icon name="install" />
      Install App
    </button>
  );
}

/** A labelled action of the shell that needs the page's JavaScript (a click before its island hydrates is kept: hydrate-on-intent.ts). */
function ShellAction({ className = 'button', onDone, icon, label, run }: ActionProps & { icon: IconName; label: string; run: () => void }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onDone?.();
        run();
      }}
    >
      <Icon name={icon} />
      {label}
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
 * Switches between the dark and light themes; the label names the theme it switches to.
 *
 * The server cannot know the stored theme, and hydration does not patch attributes that differ
 * from the server's HTML (a light theme's user kept the dark theme's sun and name until the first
 * click). So until the island has hydrated it renders both states, and the page's own theme
 * (<html data-theme>, set by the head script before first paint) shows the one that applies
 * (shell.css): right from the first paint, and nothing moves when the island hydrates and
 * renders the store's state alone (the same button, so focus stays on it).
 */
export function ThemeToggle({ className = 'icon-button', withLabel = false }: ActionProps & { withLabel?: boolean }) {
  const theme = useStore($theme);
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <button
        type="button"
        className={className}
        data-tooltip={withLabel ? undefined : themeToggleWords('dark').label}
        data-tooltip-when-light={withLabel ? undefined : themeToggleWords('light').label}
        data-theme-toggle
        onClick={() => toggleTheme()}
      >
        {THEMES.map((shown) => (
          <span key={shown} className="theme-toggle__icon" data-theme-shows={shown}>
            <Icon name={themeToggleWords(shown).icon} />
          </span>
        ))}
        {THEMES.map((shown) => (
          <span key={`${shown} words`} className={withLabel ? undefined : 'visually-hidden'} data-theme-shows={shown}>
            {withLabel ? themeToggleWords(shown).label : themeToggleWords(shown).name}
          </span>
        ))}
      </button>
    );
  }
  const words = themeToggleWords(theme);
  return (
    <button
      type="button"
      className={className}
      aria-label={words.name}
      data-tooltip={withLabel ? undefined : words.label}
      data-theme-toggle
      onClick={() => toggleTheme()}
    >
      <Icon name={words.icon} />
      {withLabel && words.label}
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

/** Opens the mini-player window from the top bar, where the browser has Document Picture-in-Picture. */
export function MiniPlayerButton() {
  const available = useStore($miniPlayerAvailable);
  // Not while hydrating: the card may have said so before this island hydrates, and the
  // server's HTML (which cannot know) has no button.
  const hydrated = useHydrated();
  if (!available || !hydrated) return null;
  return (
    <button type="button" className="icon-button" aria-label="Open mini player" data-tooltip="Open mini player" onClick={openMiniPlayer}>
      <Icon name="miniplayer" />
    </button>
  );
}
