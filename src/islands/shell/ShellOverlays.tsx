import { PlaylistDialogs } from '../playlists/PlaylistDialogs';
import { BottomSheet } from './BottomSheet';
import { PaletteHost } from './PaletteHost';
import { PremiumDialog } from './PremiumDialog';
import { Toasts } from './Toasts';
import { TopLoadingBar } from './TopLoadingBar';

/**
 * What the shell lays over every page, as one island: the loading bar, the toasts, the premium
 * prompt, the playlist dialogs, the phone's bottom sheet and the command palette's key. Each
 * keeps its own error boundary. As six islands they would cost each page six roots to start,
 * six modules to fetch on a first visit and six island renders on the server, for parts that
 * are always there together.
 */
export function ShellOverlays() {
  return (
    <>
      <TopLoadingBar />
      <Toasts />
      <PremiumDialog />
      <PlaylistDialogs />
      <BottomSheet />
      <PaletteHost />
    </>
  );
}
