import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { $devices, toggleDevicePicker } from '../../stores/devices';
import { $ui } from '../../stores/ui';

// Only a phone opens the sheet (its More options button, a device pick on a narrow screen), and
// most visits never do: its view loads the first time it opens. It lives in the shell's overlays,
// not in every page: a page's own copy of an island waiting for its media query (client:media)
// was kept alive by that query's listener after the page had gone, one per page visited.
const BottomSheetView = lazy(() => import('./BottomSheetView').then((module) => ({ default: module.BottomSheetView })));

/** The narrow screen's bottom sheet while it is open (SPEC §2). */
function BottomSheetGate() {
  const { openMoreOptionBottomSheet: open } = useStore($ui);
  const devices = useStore($devices);
  const picking = devices.open && devices.place === 'sheet';
  // Closing the sheet closes its picker, which would otherwise open with the sheet next time.
  useEffect(() => {
    if (!open && picking) toggleDevicePicker(false);
  }, [open, picking]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <BottomSheetView />
    </Suspense>
  );
}

export const BottomSheet = withErrorBoundary(BottomSheetGate, { compact: true });
