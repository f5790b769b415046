import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/components/ErrorBoundary';
import { useFetched } from '../../../src/components/use-fetched';
import { fetchedOnce, type FetchedOnce } from '../../../src/lib/fetched-once';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Part {
  Panel: () => React.ReactNode;
}

/** A lazy part whose chunk comes (or fails) when the test says, and how often it was asked for. */
function controlledPart() {
  let settle: { come: (part: Part) => void; fail: (error: Error) => void } | null = null;
  const load = vi.fn(
    () =>
      new Promise<Part>((come, fail) => {
        settle = { come, fail };
      }),
  );
  return { part: fetchedOnce(load), load, settle: () => settle! };
}

function Host({ part, open }: { part: FetchedOnce<Part>; open: boolean }) {
  const loaded = useFetched(part, open);
  return loaded ? <loaded.Panel /> : <p>closed or loading</p>;
}

const Panel = () => <p>the panel</p>;

describe('a lazy part (useFetched)', () => {
  it('is not fetched until wanted, then shows the moment its chunk has come', async () => {
    const { part, load, settle } = controlledPart();
    const { rerender } = render(<Host part={part} open={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Host part={part} open />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('the panel')).toBeNull();
    // Shown in the render that follows the chunk. (React.lazy's 300 ms reveal throttle, which
    // this hook leaves out, does not run under act(): the browser shows it, BENCHMARKS.md.)
    await act(async () => settle().come({ Panel }));
    expect(screen.getByText('the panel')).toBeTruthy();
  });

  it('is fetched once, however often it is wanted, and shows at once the next time', async () => {
    const { part, load, settle } = controlledPart();
    const { rerender } = render(<Host part={part} open />);
    await act(async () => settle().come({ Panel }));
    rerender(<Host part={part} open={false} />);
    expect(screen.queryByText('the panel')).toBeNull();
    rerender(<Host part={part} open />);
    expect(screen.getByText('the panel')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("that fails to come shows the island's error screen", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { part, settle } = controlledPart();
    render(
      <ErrorBoundary>
        <Host part={part} open />
      </ErrorBoundary>,
    );
    await act(async () => settle().fail(new Error('chunk lost')));
    expect(screen.queryByText('closed or loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
