import { describe, expect, it } from 'vitest';
import { nameSize } from '../../src/lib/name-size';

describe("a detail page heading's size for its name", () => {
  it('sets a name of up to 40 letters at the largest size, as every name was', () => {
    expect(nameSize('Midnight Drive')).toBe('short');
    expect(nameSize('x'.repeat(40))).toBe('short');
  });

  it('steps down as the name grows, so 150 letters still fit three lines', () => {
    expect(nameSize('x'.repeat(41))).toBe('long');
    expect(nameSize('Aarav Sharma the Third of the Family Sharma of Mumbai (Official Profile)')).toBe('longer');
    expect(nameSize('x'.repeat(110))).toBe('longer');
    expect(nameSize('x'.repeat(111))).toBe('longest');
    const album = 'The Extraordinarily Long And Winding Road Of Midnight Symphonies Played Under A Neon Moon (Deluxe Anniversary Remastered Edition) [Live at the Royal Albert Hall 1997]';
    expect(nameSize(album)).toBe('longest');
    expect(nameSize('x'.repeat(1000))).toBe('longest');
  });

  it('counts what the eye sees: not the spaces around a name, an emoji as one letter, a Chinese or Korean letter as two', () => {
    expect(nameSize(`  ${'x'.repeat(40)}  `)).toBe('short');
    expect(nameSize('🎵'.repeat(40))).toBe('short');
    expect(nameSize('夜'.repeat(20))).toBe('short');
    expect(nameSize('夜'.repeat(21))).toBe('long');
    expect(nameSize('밤'.repeat(60))).toBe('longest');
  });
});
