import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withErrorBoundary } from '../../../src/components/ErrorBoundary';

afterEach(cleanup);

function Broken(): never {
  throw new Error('boom');
}

describe('the error boundary around islands (SPEC §8)', () => {
  it("shows the error_boundary screen with Try Again, which reloads the page", () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as unknown as Location);
    const Guarded = withErrorBoundary(Broken);
    render(<Guarded />);
    expect(screen.getByText('Something went wrong with application.')).toBeTruthy();
    expect(screen.getByText('Oops! Please try again later.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
    quiet.mockRestore();
  });

  it('renders the island itself when nothing fails', () => {
    const Guarded = withErrorBoundary(() => <p>fine</p>);
    render(<Guarded />);
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
