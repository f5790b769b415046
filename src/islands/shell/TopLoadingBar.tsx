import { useStore } from '@nanostores/react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { $ui } from '../../stores/ui';

/** The thin progress bar along the top edge while the ui store says a page is loading. */
function TopLoadingBarView() {
  const { isTopLoading, topLoadingProgress } = useStore($ui);
  if (!isTopLoading) return null;
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
