/** SPEC §8's error screens and their default texts. */
export const ERROR_SCREENS = {
  something_went_wrong: {
    title: 'Something went wrong.',
    text: 'Oops! It seems there was a problem with the server. Please try again later.',
  },
  data_not_found: {
    title: 'Empty Data',
    text: "The data you're looking for might not available. Please try something else.",
  },
  error_boundary: {
    title: 'Something went wrong with application.',
    text: 'Oops! Please try again later.',
  },
} as const;

export type ErrorScreenKind = keyof typeof ERROR_SCREENS;
