/** How long a session lives without a write (a sign-in or a token refresh renews it): 30 days. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
