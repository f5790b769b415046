import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useFocusTrap } from '../../components/use-focus-trap';
import { $ui, closeBottomSheet } from '../../stores/ui';
import { HistoryButton, InstallButton, LogoutButton, PaletteButton, ThemeToggle } from './ShellButtons';
import { useEscapeKey } from '../../components/use-escape-key';

/** The narrow screen's bottom sheet (SPEC §2): Go Back, Go Forward, Install App, the theme, LogOut. */
function BottomSheetView() {
  const { openMoreOptionBottomSheet: open } = useStore($ui);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open);

  useEscapeKey(open, closeBottomSheet);

  if (!open) return null;
  const item = 'menu-item bottom-sheet__item';
  return (
    <div className="bottom-sheet">
      <div className="bottom-sheet__backdrop" onClick={closeBottomSheet} aria-hidden="true" />
      <div ref={panel} className="bottom-sheet__panel" role="dialog" aria-modal="true" aria-label="More options">
        <span className="bottom-sheet__handle" aria-hidden="true" />
        <HistoryButton direction="back" className={item} withLabel onDone={closeBottomSheet} />
        <HistoryButton direction="forward" className={item} withLabel onDone={closeBottomSheet} />
        <InstallButton className={item} onDone={closeBottomSheet} />
        <ThemeToggle className={item} withLabel />
        <PaletteButton className={item} onDone={closeBottomSheet} />
        <LogoutButton className={item} onDone={closeBottomSheet} />
      </div>
    </div>
  );
}

export const BottomSheet = withErrorBoundary(BottomSheetView, { compact: true });
