import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { carry, type CarriedSeed } from '../../../src/components/carried-seed';

let blocks = 0;

/**
 * Renders a page's island as the browser finds it: its seed in a JSON block of the page
 * (components/carried-seed.tsx), the island's props naming the block.
 */
export function renderCarried<S>(View: ComponentType<{ seed: CarriedSeed<S> }>, seed: S): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = `seed-test-${++blocks}`;
  block.textContent = JSON.stringify(seed);
  document.body.append(block);
  render(<View seed={carry(seed, block.id)} />);
}
