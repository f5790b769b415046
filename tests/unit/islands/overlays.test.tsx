import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BottomSheet } from '../../../src/islands/shell/BottomSheet';
import { MoreOptionsButton } from '../../../src/islands/shell/MoreOptionsButton';
import { PremiumDialog } from '../../../src/islands/shell/PremiumDialog';
import { Toasts } from '../../../src/islands/shell/Toasts';
import { setProviderConfig } from '../../../src/lib/provider-config';
import { showToast, TOAST_DURATION_MS } from '../../../src/stores/toasts';
import { $devices } from '../../../src/stores/devices';
import { $ui, closeBottomSheet, closePremiumPrompt, openBottomSheet, openPremiumPrompt } from '../../../src/stores/ui';
import { useProvider } from '../helpers/provider';
import { FIRST_LOAD } from '../helpers/first-load';

afterEach(() => {
  cleanup();
  closeBottomSheet();
  closePremiumPrompt();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a toast and removes it after 1.5 s', () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => {
      showToast('Internet Connection Problem');
    });
    const shown = () => document.querySelector('.toast')?.textContent ?? null;
    expect(shown()).toContain('Internet Connection Problem');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(shown()).toContain('Internet Connection Problem');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(shown()).toBeNull();
    expect(screen.queryByText('Internet Connection Problem')).toBeNull();
  });

  it("tells only their words in their polite live region: each one's Dismiss button (\"×\") is outside it, and still there to press", () => {
    render(<Toasts />);
    act(() => {
      showToast('Internet Connection Problem');
      showToast('Added to Liked Songs', 'success');
    });
    const regions = screen.getAllByRole('status');
    expect(regions).toHaveLength(1);
    const [region] = regions;
    expect(region!.getAttribute('aria-live')).toBe('polite');
    expect(region!.textContent).toBe('Internet Connection ProblemAdded to Liked Songs');
    expect(region!.querySelector('button')).toBeNull();
    const dismiss = screen.getAllByRole('button', { name: 'Dismiss' });
    expect(dismiss).toHaveLength(2);
    expect(dismiss.some((button) => region!.contains(button))).toBe(false);
    fireEvent.click(dismiss[0]!);
    expect(region!.textContent).toBe('Added to Liked Songs');
  });
});

describe('the bottom sheet', () => {
  it('opens from the more-options button with Go Back, Go Forward, Install App and LogOut', async () => {
    render(
      <>
        <MoreOptionsButton />
        <BottomSheet />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect($ui.get().openMoreOptionBottomSheet).toBe(true);
    // Its view loads the first time it opens.
    expect(await screen.findByRole('dialog', { name: 'More options' }, FIRST_LOAD)).toBeTruthy();
    for (const name of ['Go Back', 'Go Forward', 'Install App', 'LogOut']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    // The sheet hears Escape from an effect, which React may run after the sheet is on screen
    // (on a busy machine the key came first and was lost): let it run, then press the key.
    await act(async () => undefined);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes its device picker when it closes, so the picker does not open with the sheet next time', async () => {
    render(<BottomSheet />);
    // Open as its "Connect to a device" leaves it (without asking a provider for the list).
    act(() => {
      openBottomSheet();
      $devices.set({ ...$devices.get(), open: true, place: 'sheet' });
    });
    expect(await screen.findByRole('button', { name: 'Connect to a device', expanded: true }, FIRST_LOAD)).toBeTruthy();
    act(() => closeBottomSheet());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($devices.get().open).toBe(false);
  });
});

describe("the 'Premium Required' prompt", () => {
  it('opens on the ui flag, links to the plans page in a new tab, and closes with its button', async () => {
    useProvider('http://127.0.0.1:4332');
    render(<PremiumDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => openPremiumPrompt());
    // Its view loads the first time it opens.
    expect(await screen.findByRole('heading', { name: 'Premium Required' }, FIRST_LOAD)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Explore Premium' }) as HTMLAnchorElement;
    expect(link.target).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(link.href).toBe('http://127.0.0.1:4332/premium');
    // A modal dialog closes with Escape too (SPEC keeps only the image preview open).
    act(() => openPremiumPrompt());
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    setProviderConfig(null);
  });
});

