import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Card } from '../../../src/components/browse/Card';
import { Cover, initialOf } from '../../../src/components/browse/Cover';
import { DetailHeader } from '../../../src/components/browse/DetailHeader';
import { ImagePreview } from '../../../src/components/browse/ImagePreview';
import { closeImagePreview, openImagePreview } from '../../../src/stores/ui';
import { AVATAR_COLOURS, avatarColour } from '../../../src/lib/colors';

// SPEC §9's avatar colours: a person (an artist, a user) with no picture at all shows their
// initial on one, where a song's default cover stood before; a picture that fails to load still
// swaps in SPEC's default image (the browse e2e walk breaks pictures on purpose).

afterEach(cleanup);

const picture = [{ url: 'http://127.0.0.1:4322/images/artist/a1/320', width: 320, height: 320 }];
/** A colour as the list holds it (hex), whether the DOM gives it as hex or rgb(). */
const hex = (colour: string) => (colour.startsWith('#') ? colour : `#${(colour.match(/\d+/g) ?? []).map((value) => Number(value).toString(16).padStart(2, '0')).join('')}`);

describe("a person's picture", () => {
  it('with none at all: their initial on their avatar colour, the same on every render, hidden from screen readers beside their name', () => {
    const { container } = render(<Cover images={[]} alt="" size={180} round person="Дмитрий Волков" />);
    const avatar = container.querySelector('.cover--avatar') as HTMLElement;
    expect(avatar.textContent).toBe('Д');
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
    expect(hex(avatar.style.backgroundColor)).toBe(avatarColour('Дмитрий Волков'));
    expect(AVATAR_COLOURS).toContain(avatarColour('Дмитрий Волков'));
    expect(container.querySelector('img')).toBeNull();
  });

  it('with a picture: the picture (jsdom loads none, so it then shows the default image, as a failed load does)', () => {
    const { container } = render(<Cover images={picture} alt="" size={180} round person="Ada" />);
    expect(container.querySelector('img')).not.toBeNull();
    expect(container.querySelector('.cover--avatar')).toBeNull();
  });

  it("a thing's cover with no picture stays the default cover", () => {
    const { container } = render(<Cover images={[]} alt="" size={180} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/default-song.svg');
  });

  it('takes the first whole character of the name, whatever its script', () => {
    expect(initialOf('  ada lovelace')).toBe('A');
    expect(initialOf('田中 ゆき')).toBe('田');
    expect(initialOf('😀 Smile')).toBe('😀');
    expect(initialOf('   ')).toBe('');
  });

  it("an artist's tile and header: the initial, and no picture to preview", () => {
    render(<Card href="/artist/a1" images={[]} title="Noor Rahman" round />);
    expect(screen.getByRole('link').querySelector('.cover--avatar')?.textContent).toBe('N');
    cleanup();
    render(<DetailHeader images={[]} type="Artist" name="Noor Rahman" background="#000" round />);
    expect(screen.queryByRole('button', { name: 'Show the picture of Noor Rahman' })).toBeNull();
    expect(screen.getByRole('banner').querySelector('.cover--avatar')?.textContent).toBe('N');
    cleanup();
    render(<DetailHeader images={picture} type="Artist" name="Noor Rahman" background="#000" round />);
    expect(screen.getByRole('button', { name: 'Show the picture of Noor Rahman' })).toBeTruthy();
  });
});

describe('the image preview', () => {
  it("swaps in the default image when the picture fails to load, as the header's cover did", () => {
    // Still loading as it opens (jsdom loads no picture, and calls every one complete at once: failed).
    const loading = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    onTestFinished(() => loading.mockRestore());
    const { container } = render(<ImagePreview />);
    act(() => openImagePreview(picture[0]!.url));
    const image = () => container.querySelector('.image-preview__image')!;
    expect(image().getAttribute('src')).toBe(picture[0]!.url);
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe('/images/default-song.svg');
    act(() => closeImagePreview());
  });
});
