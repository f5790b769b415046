/** The /access_denied path, carrying the provider's message as `?message=` when there is one (DESIGN §2). */
export function accessDeniedPath(message?: string | null): string {
  return message ? `/access_denied?${new URLSearchParams({ message }).toString()}` : '/access_denied';
}
