import type pg from 'pg';

export function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T>;
export function databaseUrl(serverUrl: string, name: string): string;
export function createDatabase(
  serverUrl: string,
  name: string,
  opts?: { template?: string },
): Promise<{ name: string; url: string; drop: () => Promise<void> }>;
