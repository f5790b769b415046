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

/** Switches between the dark and light themes; the label names the theme it switches to. */
export function ThemeToggle({ className = 'icon-button', withLabel = false }: ActionProps & { withLabel?: boolean }) {
  const theme = useStore($theme);
  const next = theme === 'dark' ? 'Light' : 'Dark';
  return (
    <button
      type="button"
      className={className}
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
