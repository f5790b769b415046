import { Icon } from '../../components/Icon';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { openBottomSheet } from '../../stores/ui';
import { useHydrated } from '../../components/use-hydrated';

/** The narrow top bar's button that opens the bottom sheet. */
function MoreOptionsButtonView() {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="More options"
      aria-haspopup="dialog"
      aria-disabled={!hydrated || undefined}
      onClick={openBottomSheet}
    >
      <Icon name="more" />
    </button>
  );
}

export const MoreOptionsButton = withErrorBoundary(MoreOptionsButtonView, { compact: true });
