import { vi } from 'vitest';

/**
 * The app's toasts in component tests (test/setup.ts puts them in place of lib/toast): one set of
 * spies for every test file, so a file asserts on the toasts it caused, whichever file ran before it in
 * the same worker (web tests share their worker's modules; setup.ts forgets the calls after each test).
 */
export const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
