import { useStore } from '../../components/server-snapshot';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useFetched } from '../../components/use-fetched';
import { fetchedOnce } from '../../lib/fetched-once';
import { $ui } from '../../stores/ui';

// Every app route hydrates this island; the dialog's code loads the first time it opens
// (the budget of 100 KB of JavaScript per route, BENCHMARKS.md).
const loadView = fetchedOnce(() => import('./PremiumDialogView'));

/** The 'Premium Required' prompt (SPEC §2), opened by the ui store's flag. */
function PremiumDialogGate() {
  const { openDialogPremiumRequired: open } = useStore($ui);
  const view = useFetched(loadView, open);
  return view ? <view.PremiumDialogView /> : null;
}

export const PremiumDialog = withErrorBoundary(PremiumDialogGate, { compact: true });
