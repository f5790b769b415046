import { Icon } from '../../components/Icon';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { openBottomSheet } from '../../stores/ui';

/** The narrow top bar's button that opens the bottom sheet. */
function MoreOptionsButtonView() {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="More options"
      aria-haspopup="dialog"
      data-needs-script
      onClick={openBottomSheet}
    >
      <Icon name="more" />
    </button>
  );
}

export const MoreOptionsButton = withErrorBoundary(MoreOptionsButtonView, { compact: true });
