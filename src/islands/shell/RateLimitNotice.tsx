import { useStore } from '../../components/server-snapshot';
import { Icon } from '../../components/Icon';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useHydrated } from '../../components/use-hydrated';
import { $limitSecondsLeft } from '../../stores/provider-limit';
import '../../styles/rate-limit.css';

/**
 * Issue 28's honest network state, in the top bar (and the narrow screens' one): while the
 * provider rate-limits the site it says so, quietly, and counts down the seconds; then it goes
 * by itself. The live region is always there (empty), so its words are announced once when
 * they come; the ticking seconds are hidden from screen readers, which would read every one.
 */
function RateLimitNoticeView() {
  const left = useStore($limitSecondsLeft);
  // The server's HTML has no countdown: the store starts in the browser.
  const shown = useHydrated() && left > 0;
  return (
    <div className="rate-limit" role="status">
      {shown && (
        <span className="rate-limit__notice">
          <Icon name="clock" size={18} />
          <span aria-hidden="true">Slowed down</span>
          <span className="visually-hidden">The music provider is slowing My Music down: requests wait a few seconds.</span>
          <span className="rate-limit__seconds" aria-hidden="true">
            {left} s
          </span>
        </span>
      )}
    </div>
  );
}

export const RateLimitNotice = withErrorBoundary(RateLimitNoticeView, { compact: true });
