import { useStore } from '@nanostores/react';
import { Icon } from '../../components/Icon';
import { $miniPlayerAvailable, openMiniPlayer } from '../../stores/mini-player';
import { openPalette } from '../../stores/palette';
import { signOut } from '../../stores/session';
import { $theme, toggleTheme } from '../../stores/theme';
import { $installPrompt, promptInstall } from '../../stores/install-prompt';
import { useHydrated } from '../../components/use-hydrated';

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

/** LogOut: ends the server session, clears local storage and replaces history with /auth (SPEC §4). */
export function LogoutButton({ className = 'button', onDone }: ActionProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={className}
      aria-disabled={!hydrated || undefined}
      onClick={() => {
        onDone?.();
        void signOut();
      }}
    >
      <Icon name="logout" />
      LogOut
    </button>
  );
}

/** Switches between the dark and light themes; the label names the theme it switches to. */
export function ThemeToggle({ className = 'icon-button', withLabel = false }: ActionProps & { withLabel?: boolean }) {
  const theme = useStore($theme);
  const hydrated = useHydrated();
  const next = theme === 'dark' ? 'Light' : 'Dark';
  return (
    <button
      type="button"
      className={className}
      aria-disabled={!hydrated || undefined}
      aria-label={`Switch to ${next.toLowerCase()} theme`}
      data-tooltip={withLabel ? undefined : `${next} theme`}
      data-theme-toggle
      onClick={() => toggleTheme()}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      {withLabel && `${next} theme`}
    </button>
  );
}

/** Go Back and Go Forward through the browser history. */
export function HistoryButton({ direction, className = 'icon-button', onDone, withLabel = false }: ActionProps & { direction: 'back' | 'forward'; withLabel?: boolean }) {
  const label = direction === 'back' ? 'Go Back' : 'Go Forward';
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={className}
      aria-disabled={!hydrated || undefined}
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
export function PaletteButton({ className = 'button', onDone }: ActionProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={className}
      aria-disabled={!hydrated || undefined}
      onClick={() => {
        onDone?.();
        openPalette();
      }}
    >
      <Icon name="search" />
      Command palette
    </button>
  );
}

/** Opens the mini-player window from the top bar, where the browser has Document Picture-in-Picture. */
export function MiniPlayerButton() {
  const available = useStore($miniPlayerAvailable);
  if (!available) return null;
  return (
    <button type="button" className="icon-button" aria-label="Open mini player" data-tooltip="Open mini player" onClick={openMiniPlayer}>
      <Icon name="miniplayer" />
    </button>
  );
}
