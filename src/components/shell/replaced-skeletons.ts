/**
 * A streamed part's skeleton that its part has replaced (Streamed.astro; CSS hides it, for a page
 * without JavaScript) leaves the document: the page holds one copy of what it shows, not two. The
 * layout's script does it for the page the browser loaded as soon as it is parsed (before the
 * shell's script, which starts after the first paint); the shell's script for each page the
 * client router brings.
 */
export const dropReplacedSkeletons = (page: Document) =>
  page.querySelectorAll('.streamed:has(> .streamed__start) > .streamed__skeleton').forEach((skeleton) => skeleton.remove());
