import { Icon } from '../../components/Icon';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { openBottomSheet } from '../../stores/ui';
import { HydratedButton } from '../../components/HydratedButton';

/** The narrow top bar's button that opens the bottom sheet. */
function MoreOptionsButtonView() {
  return (
    <HydratedButton
      className="icon-button"
      aria-label="More options"
      aria-haspopup="dialog"
      onClick={openBottomSheet}
    >
      <Icon name="more" />
    </HydratedButton>
  );
}

export const MoreOptionsButton = withErrorBoundary(MoreOptionsButtonView, { compact: true });
