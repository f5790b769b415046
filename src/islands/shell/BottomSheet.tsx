import { useStore } from '../../components/server-snapshot';
import { useEffect } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useFetched } from '../../components/use-fetched';
import { fetchedOnce } from '../../lib/fetched-once';
import { $devices, toggleDevicePicker } from '../../stores/devices';
import { $ui } from '../../stores/ui';

// Only a phone opens the sheet (its More options button, a device pick on a narrow screen), and
// most visits never do: its view loads the first time it opens. It lives in the shell's overlays,
// not in every page: a page's own copy of an island waiting for its media query (client:media)
// was kept alive by that query's listener after the page had gone, one per page visited.
const loadView = fetchedOnce(() => import('./BottomSheetView'));

/** The narrow screen's bottom sheet while it is open (SPEC §2). */
function BottomSheetGate() {
  const { openMoreOptionBottomSheet: open } = useStore($ui);
  const devices = useStore($devices);
  const picking = devices.open && devices.place === 'sheet';
  const view = useFetched(loadView, open);
  // Closing the sheet closes its picker, which would otherwise open with the sheet next time.
  useEffect(() => {
    if (!open && picking) toggleDevicePicker(false);
  }, [open, picking]);
  return view ? <view.BottomSheetView /> : null;
}

export const BottomSheet = withErrorBoundary(BottomSheetGate, { compact: true });
