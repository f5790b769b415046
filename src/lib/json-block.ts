/**
 * JSON text to place inside `<script type="application/json">` (the provider configuration, a
 * page's seed): every `<` escaped, so no string in it can end the element or open a comment.
 */
export const jsonBlockText = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
