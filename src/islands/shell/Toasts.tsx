import { useStore } from '../../components/server-snapshot';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { $toasts, dismissToast } from '../../stores/toasts';
import { useHydrated } from '../../components/use-hydrated';

/**
 * The toasts of $toasts at the top centre (SPEC §8); the store removes each after 1.5 s.
 * Their words are told by a polite live region of their own, apart from the toasts on screen:
 * a region around the toasts read each one's Dismiss button ("×") with its message. Not atomic:
 * a second toast is told alone, not with the first again.
 */
function ToastsView() {
  // A toast raised before this idle island hydrates shows after the hydration
  // pass, which must match the server's empty list (React #418 otherwise).
  const shown = useStore($toasts);
  const toasts = useHydrated() ? shown : [];
  return (
    <div className="toasts">
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="false" data-toast-words>
        {toasts.map((toast) => (
          <p key={toast.id}>{toast.message}</p>
        ))}
      </div>
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
