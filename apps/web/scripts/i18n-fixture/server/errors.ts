// The fixture's server: the one error id it answers.
export const known = { id: 'known_id', message: 'A known error' };
