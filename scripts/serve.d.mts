export const CHROMIUM_FLAGS: string[];
export function chromiumPath(): string;
export const root: string;
export function build(): void;
export function freePort(): Promise<number>;
export function startServer(opts?: { env?: Record<string, string>; quiet?: boolean }): Promise<{
  baseUrl: string;
  dataDir: string;
  pid: number | undefined;
  readyMs: number;
  stop: () => Promise<void>;
}>;
