export const CHROMIUM_FLAGS: string[];
export function chromiumPath(): string;
export const root: string;
export function build(): void;
/** Whether the production build exists, and whether a source file is newer than it. */
export function buildStatus(opts?: { web?: boolean }): { built: boolean; stale: boolean };
export function freePort(): Promise<number>;
export function startServer(opts?: {
  env?: Record<string, string>;
  quiet?: boolean;
  source?: boolean;
  dir?: string;
  dataDir?: string;
  port?: number;
  readySeconds?: number;
}): Promise<{
  baseUrl: string;
  port: number;
  dataDir: string;
  pid: number | undefined;
  readyMs: number;
  stop: () => Promise<void>;
}>;
export interface ProcessMemory {
  /** Resident memory now (VmRSS), bytes. */
  rss: number;
  /** Peak resident memory (VmHWM), bytes. */
  hwm: number;
  name: string | undefined;
}
/** null once the process is gone. Linux. */
export function processMemory(pid: number): Promise<ProcessMemory | null>;
/** The largest process by RSS of `pid` and its descendants. */
export function largestProcess(pid: number): Promise<(ProcessMemory & { pid: number }) | null>;
