import { useStore } from '../../components/server-snapshot';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { $toasts, dismissToast } from '../../stores/toasts';
import { useHydrated } from '../../components/use-hydrated';

/** The toasts of $toasts at the top centre (SPEC §8); the store removes each after 1.5 s. */
function ToastsView() {
  // A toast raised before this idle island hydrates shows after the hydration
  // pass, which must match the server's empty list (React #418 otherwise).
  const shown = useStore($toasts);
  const toasts = useHydrated() ? shown : [];
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          <span>{toast.message}</span>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

export const Toasts = withErrorBoundary(ToastsView, { compact: true });
