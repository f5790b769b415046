import { Icon } from '../../components/Icon';
import { hrefOf } from '../../lib/routes';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { DevicesButton } from './DevicesButton';
import { RateLimitNotice } from './RateLimitNotice';
import { SearchBox } from './SearchBox';
import { HistoryButton, InstallButton, LogoutButton, MiniPlayerButton, ThemeToggle } from './ShellButtons';

/**
 * The wide screen's top bar (SPEC §2): back, forward, search box, the rate-limit notice,
 * devices, the mini-player, notification, theme, Install App, LogOut; `searchQuery` is the q the server
 * rendered in the box.
 */
function TopBarView({ searchQuery = '' }: { searchQuery?: string }) {
  return (
    <div className="top-bar__row">
      <HistoryButton direction="back" />
      <HistoryButton direction="forward" />
      <SearchBox serverQuery={searchQuery} />
      <span className="top-bar__spacer" />
      {/* Shown only where the browser opens a mini-player window, from the first paint (MiniPlayerButton). */}
      <MiniPlayerButton />
      <RateLimitNotice />
      <DevicesButton />
      <a className="icon-button" href={hrefOf('notification')} aria-label="What's New" data-tooltip="What's New">
        <Icon name="bell" />
      </a>
      <ThemeToggle />
      <InstallButton tooltip />
      <LogoutButton tooltip />
    </div>
  );
}

export const TopBar = withErrorBoundary(TopBarView, { compact: true });
