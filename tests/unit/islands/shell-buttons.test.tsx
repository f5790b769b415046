import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addShellStyles } from '../helpers/shell-styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $installPrompt, captureInstallPrompt, type InstallPromptEvent } from '../../../src/stores/install-prompt';
import { InstallButton, LogoutButton, ThemeToggle } from '../../../src/islands/shell/ShellButtons';
import { followInstallOfferWithoutIsland } from '../../../src/components/shell/install-without-island';
import { renderToString } from 'react-dom/server';
import { setNavigator } from '../../../src/lib/navigation';
import { $theme } from '../../../src/stores/theme';

function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

afterEach(() => {
  cleanup();
  $installPrompt.set(null);
  setNavigator(null);
});

describe('Install App (SPEC §4)', () => {
  it("follows the offer in the server's HTML while its island has not hydrated, and leaves a hydrated one's to React", () => {
    const page = document.body.appendChild(document.createElement('div'));
    const html = renderToString(<InstallButton />);
    page.innerHTML = `<astro-island ssr>${html}</astro-island><astro-island>${html}</astro-island>`;
    const [waiting, hydrated] = [...page.querySelectorAll('button')];
    expect([waiting!.disabled, hydrated!.disabled]).toEqual([true, true]);
    const stop = followInstallOfferWithoutIsland(document);
    try {
      act(() => captureInstallPrompt(installOffer('dismissed').event));
      expect([waiting!.disabled, hydrated!.disabled]).toEqual([false, true]);
      act(() => $installPrompt.set(null));
      expect(waiting!.disabled).toBe(true);
    } finally {
      stop();
      page.remove();
    }
  });

  it('is disabled until the browser offers installation, then disabled again after the prompt', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    render(<InstallButton />);
    const button = screen.getByRole('button', { name: 'Install App' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    const { event, prompt } = installOffer('dismissed');
    act(() => captureInstallPrompt(event));
    expect(event.defaultPrevented).toBe(true);
    expect(button.disabled).toBe(false);

    await act(async () => {
      fireEvent.click(button);
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(log).toHaveBeenCalledWith('Install prompt dismissed');
    log.mockRestore();
  });
});

describe('LogOut (SPEC §4)', () => {
  beforeEach(() => {
    localStorage.setItem('DEVICE_ID', JSON.stringify('device-1'));
    localStorage.setItem('THEME_MODE_VALUE', JSON.stringify('light'));
  });

  // The button calls the store's signOut; its POST to the server is session.test.ts's (in Node:
  // happy-dom's fetch drops the Origin and Cookie headers a browser sends), as is a site that
  // cannot end the session. Here the site's answer is the test's.
  it('clears local storage and replaces history with /auth once the site has ended the session', async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input), 'http://127.0.0.1').pathname);
      return new Response(null, { status: 204 });
    });
    const visits: { path: string; replace: boolean }[] = [];
    setNavigator((path, options) => visits.push({ path, ...options }));
    render(<LogoutButton />);
    fireEvent.click(screen.getByRole('button', { name: 'LogOut' }));
    await waitFor(() => expect(visits).toEqual([{ path: '/auth', replace: true }]));
    expect(asked).toEqual(['/session/sign-out']);
    expect(localStorage.length).toBe(0);
  });
});

describe('the theme toggle', () => {
  it('switches dark and light, stores the choice and sets <html data-theme> (which shows its state: theme-button.test.tsx)', () => {
    const removeStyles = addShellStyles();
    $theme.set('dark');
    document.documentElement.dataset.theme = 'dark';
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Switch to light theme' });
    fireEvent.click(toggle);
    expect($theme.get()).toBe('light');
    expect(localStorage.getItem('THEME_MODE_VALUE')).toBe('"light"');
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    removeStyles();
  });
});
