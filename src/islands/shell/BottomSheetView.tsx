import { useStore } from '../../components/server-snapshot';
import { useRef } from 'react';
import { useFocusTrap } from '../../components/use-focus-trap';
import { Icon } from '../../components/Icon';
import { $devices, toggleDevicePicker } from '../../stores/devices';
import { closeBottomSheet } from '../../stores/ui';
import { DevicePicker } from '../player/DevicePicker';
import { HistoryButton, InstallButton, LogoutButton, PaletteButton, ThemeToggle } from './ShellButtons';
import { useModalEscape } from '../../components/use-escape-key';
import { useSheetSwipe } from './sheet-swipe';

const closeSheetPicker = () => toggleDevicePicker(false);

/**
 * The narrow screen's bottom sheet (SPEC §2), shown while it is open (BottomSheet.tsx decides):
 * devices, Go Back, Go Forward, Install App, the theme, the command palette, LogOut.
 */
export function BottomSheetView() {
  const devices = useStore($devices);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true);
  // The sheet's "Connect to a device" shows the picker in the sheet; Escape closes the picker first.
  // Either way the sheet takes the Escape: the queue under it (/player) stays open.
  const picking = devices.open && devices.place === 'sheet';
  const onKeyDown = useModalEscape(true, picking ? closeSheetPicker : closeBottomSheet);
  const swipe = useSheetSwipe(panel, closeBottomSheet);

  const item = 'menu-item bottom-sheet__item';
  return (
    <div className="bottom-sheet" onKeyDown={onKeyDown}>
      <div className="bottom-sheet__backdrop" onClick={closeBottomSheet} aria-hidden="true" />
      <div ref={panel} className="bottom-sheet__panel" role="dialog" aria-modal="true" aria-label="More options">
        {/* A finger draws the sheet down by its handle to close it, as the handle promises. */}
        <span className="bottom-sheet__handle" aria-hidden="true" {...swipe} />
        <button type="button" className={item} aria-expanded={picking} onClick={() => toggleDevicePicker(!picking, 'sheet')}>
          <Icon name="devices" size={20} />
          Connect to a device
        </button>
        <DevicePicker place="sheet" className="device-picker--sheet" onPicked={closeBottomSheet} />
        <HistoryButton direction="back" className={item} withLabel onDone={closeBottomSheet} />
        <HistoryButton direction="forward" className={item} withLabel onDone={closeBottomSheet} />
        <InstallButton className={item} onDone={closeBottomSheet} />
        <ThemeToggle className={item} withLabel />
        <PaletteButton className={item} onDone={closeBottomSheet} />
        <LogoutButton className={item} onDone={closeBottomSheet} />
        {/* The backdrop a tap closes the sheet on is hidden from screen readers, and a touch screen
            has no Escape: this is how a screen reader's user closes it. Last, where swiping
            through the sheet ends; hidden from sight, as SPEC's sheet shows no Close, and shown
            when the keyboard reaches it (shell.css), so no Tab stop is invisible. */}
        <button type="button" className="visually-hidden bottom-sheet__close" onClick={closeBottomSheet}>
          Close
        </button>
      </div>
    </div>
  );
}
