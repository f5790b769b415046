/**
 * The queue panel's element id, for the buttons that open it (aria-controls). Apart from the
 * panel, which loads in its own chunk the first time it opens: the card's button needs the id
 * without pulling the panel's code into the card's.
 */
export const QUEUE_PANEL_ID = 'queue-panel';
