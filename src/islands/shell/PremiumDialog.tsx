import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { $ui } from '../../stores/ui';
// Loaded at once although its dialogs are lazy: it must see where focus was before one opens.
import '../../components/use-focus-trap';

// Every app route hydrates this island; the dialog's code loads the first time it opens
// (the budget of 110 KB of JavaScript per route, BENCHMARKS.md).
const PremiumDialogView = lazy(() => import('./PremiumDialogView').then((module) => ({ default: module.PremiumDialogView })));

/** The 'Premium Required' prompt (SPEC §2), opened by the ui store's flag. */
function PremiumDialogGate() {
  const { openDialogPremiumRequired: open } = useStore($ui);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PremiumDialogView />
    </Suspense>
  );
}

export const PremiumDialog = withErrorBoundary(PremiumDialogGate, { compact: true });
