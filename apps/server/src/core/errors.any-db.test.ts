import { describe, expect, it } from 'vitest';
import { tooLargeMessage } from './errors.ts';

describe('tooLargeMessage', () => {
  it('words a limit as a user reads it: whole gigabytes, megabytes to one decimal, else bytes', () => {
    expect(tooLargeMessage('Videos', 2 * 1024 ** 3)).toBe('Videos must be 2 GB or smaller');
    expect(tooLargeMessage('Videos', 1536 * 1024 ** 2)).toBe('Videos must be 1536 MB or smaller');
    expect(tooLargeMessage('Files attached to a lecture', 50 * 1024 ** 2)).toBe(
      'Files attached to a lecture must be 50 MB or smaller',
    );
    // A limit that is not a whole number of megabytes is not rounded up past itself.
    expect(tooLargeMessage('Captions files', 1.5 * 1024 ** 2)).toBe('Captions files must be 1.5 MB or smaller');
    expect(tooLargeMessage('Captions files', 800)).toBe('Captions files must be 800 bytes or smaller');
  });
});
