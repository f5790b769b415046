import { describe, expect, it } from 'vitest';
import { playingTitle } from '../../src/playback/document-title';

const FSI = '\u2068';
const PDI = '\u2069';
const artist = (name: string) => ({ id: name, name, uri: `spotify:artist:${name}` });

describe('the tab title while a track plays', () => {
  it('names the track, then its artists, each isolated so that a right-to-left name keeps its place', () => {
    expect(playingTitle({ name: 'سلام', artists: [artist('Luna'), artist('עומר')] })).toBe(`${FSI}سلام${PDI} • ${FSI}Luna${PDI}, ${FSI}עומר${PDI}`);
  });

  it('is the name alone for a track without artists', () => {
    expect(playingTitle({ name: 'Sol', artists: [] })).toBe(`${FSI}Sol${PDI}`);
  });
});
