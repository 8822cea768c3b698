export const MESSAGES = {
  saved: 'Saved',
  removed: 'Removed',
} as const;
