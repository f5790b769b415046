import { useStore } from '../../components/server-snapshot';
import { useRef } from 'react';
import { Icon } from '../../components/Icon';
import { PROVIDER_PLANS_URL } from '../../components/site-links';
import { useModalEscape } from '../../components/use-escape-key';
import { useFocusTrap } from '../../components/use-focus-trap';
import { getProviderConfig } from '../../lib/provider-config';
import { $ui, closePremiumPrompt } from '../../stores/ui';

/** The provider's plans page: Spotify's, or the sandbox's own page beside its sign-in page. */
function providerPlansUrl(): string {
  try {
    const config = getProviderConfig();
    if (config.provider === 'spotify') return PROVIDER_PLANS_URL;
    return new URL('/premium', config.authorizeUrl).toString();
  } catch {
    return PROVIDER_PLANS_URL;
  }
}

/** The 'Premium Required' prompt (SPEC §2), while the ui store's flag is up. */
export function PremiumDialogView() {
  const { openDialogPremiumRequired: open } = useStore($ui);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open);
  // Its Escape is its own: the queue or the devices open under it stay open.
  const onKeyDown = useModalEscape(open, closePremiumPrompt);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" onKeyDown={onKeyDown}>
      <div ref={panel} className="dialog premium-dialog" role="dialog" aria-modal="true" aria-labelledby="premium-title">
        <button type="button" className="icon-button dialog__close" aria-label="Close" onClick={closePremiumPrompt} autoFocus>
          <Icon name="close" />
        </button>
        <img src="/images/premium-required.svg" alt="" width="120" height="96" />
        <h2 id="premium-title">Premium Required</h2>
        <p>
          You tried to play exclusive premium content. Upgrade to Premium for unlimited access, ad-free listening and
          high-quality audio.
        </p>
        <a className="button" href={providerPlansUrl()} target="_blank" rel="noopener noreferrer">
          Explore Premium
        </a>
      </div>
    </div>
  );
}
