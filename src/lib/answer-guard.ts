/**
 * Tells the answer to the latest question from a late one. A store takes a ticket when it
 * asks (`ask`) and keeps an answer only while its ticket is still current; asking again, or
 * `forget` (a reset), makes every earlier ticket stale. The one stale-answer rule of the
 * paged lists, the detail areas, the queue, the device list and the playback.
 */
interface AnswerGuard {
  /** A new question: its ticket, which stales every earlier one. */
  ask(): number;
  /** The ticket of the question asked last (a load's sections answer to it too). */
  current(): number;
  /** Whether an answer to this ticket is still wanted. */
  isCurrent(ticket: number): boolean;
  /** Drops every question asked so far (the store was reset). */
  forget(): void;
}

export function createAnswerGuard(): AnswerGuard {
  let latest = 0;
  return {
    ask: () => ++latest,
    current: () => latest,
    isCurrent: (ticket) => ticket === latest,
    forget: () => {
      latest++;
    },
  };
}
