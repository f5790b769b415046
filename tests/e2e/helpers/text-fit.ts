import type { Page } from '@playwright/test';

/**
 * Sets the browser's own default text size (Settings › Appearance › Font size: 16 px as it comes,
 * "Very large" 24 px) for `page`'s documents from their next load on.
 */
export async function setBrowserTextSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
}

/** How the page's text fits it: how far it scrolls sideways, and which lines a box cuts at its bottom. */
export interface TextFit {
  /** Pixels the page is wider than the window (0: no sideways scroll). */
  sideways: number;
  /** Each line cut: its words, how far below the clipping box it reaches, and that box. */
  cut: string[];
}

/**
 * Reads how the shown page's text fits it. A line is cut when a box that hides its overflow
 * (and does not scroll) ends above the line's bottom, within five levels up; a box whose lines
 * are clamped on purpose (a description's three lines) ends that search, and text cut short
 * sideways with "…" is not looked at (its box's own choice).
 */
export function textFitOf(page: Page): Promise<TextFit> {
  return page.evaluate(() => {
    const cut = new Set<string>();
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const ownWords = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
      if (!ownWords || element.closest('.visually-hidden, [hidden], template, noscript')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let clipper: HTMLElement | null = element;
      for (let level = 0; clipper && level < 5; level++, clipper = clipper.parentElement) {
        const style = getComputedStyle(clipper);
        if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
        if (style.webkitLineClamp !== 'none' || style.overflowY === 'auto' || style.overflowY === 'scroll') break;
        const edge = clipper.getBoundingClientRect().bottom;
        if (box.bottom > edge + 1.5 && box.top < edge - 1) {
          cut.add(`"${element.textContent!.trim().slice(0, 30)}" ${Math.round(box.bottom - edge)} px below .${clipper.className}`);
          break;
        }
      }
    }
    return { sideways: document.documentElement.scrollWidth - window.innerWidth, cut: [...cut] };
  });
}
