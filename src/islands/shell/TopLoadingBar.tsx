import { useStore } from '../../components/server-snapshot';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { $ui } from '../../stores/ui';
import { useHydrated } from '../../components/use-hydrated';

/** The thin progress bar along the top edge while the ui store says a page is loading. */
function TopLoadingBarView() {
  const { isTopLoading, topLoadingProgress } = useStore($ui);
  // The server rendered nothing: a page already loading when this idle island
  // hydrates must not show the bar in the hydration pass (a mismatch, React #418).
  const hydrated = useHydrated();
  if (!isTopLoading || !hydrated) return null;
  return (
    <div
      className="top-loading-bar"
      role="progressbar"
      aria-label="Loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={topLoadingProgress}
      style={{ width: `${topLoadingProgress}%` }}
    />
  );
}

export const TopLoadingBar = withErrorBoundary(TopLoadingBarView, { compact: true });
