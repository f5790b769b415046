import { useHydrated } from '../../components/use-hydrated';
import { PlaylistDialogs } from '../playlists/PlaylistDialogs';
import { BottomSheet } from './BottomSheet';
import { PaletteHost } from './PaletteHost';
import { PremiumDialog } from './PremiumDialog';
import { Toasts } from './Toasts';

/**
 * What the shell lays over every page, as one island: the toasts, the premium prompt, the
 * playlist dialogs, the phone's bottom sheet and the command palette (the top loading bar needs
 * no island: components/shell/plain-loading-bar.ts). Each keeps its own error boundary. The
 * server renders the toasts' live region (there before any toast, so a screen reader announces
 * the first) and nothing else; the lazy parts mount once hydrated, so a part whose code came
 * before the island hydrated (opened meanwhile) cannot change the HTML React hydrates. As five
 * islands they would cost each page five roots to start, five modules to fetch on a first visit
 * and five island renders on the server, for parts that are always there together.
 */
export function ShellOverlays() {
  const hydrated = useHydrated();
  return (
    <>
      <Toasts />
      {hydrated && (
        <>
          <PremiumDialog />
          <PlaylistDialogs />
          <BottomSheet />
          <PaletteHost />
        </>
      )}
    </>
  );
}
