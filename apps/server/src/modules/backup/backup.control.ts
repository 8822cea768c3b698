import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * How `npm run backup` asks a running embedded server for a backup (ADR 0018): PGlite belongs to
 * the one process holding DATA_DIR/db.lock, so only that process can copy it consistently. The
 * server listens on 127.0.0.1 on a port of the system's choosing (never on the public address) and
 * writes the port and a random token to DATA_DIR/backup-control.json, readable by its owner only:
 * whoever may read DATA_DIR (and so could copy the database anyway) may ask for a backup; nobody
 * else, and nothing from another machine. The archive is streamed back; the server writes no path
 * a caller names.
 */
export const CONTROL_FILE = 'backup-control.json';

export interface ControlInfo {
  pid: number;
  port: number;
  token: string;
}

export interface ControlServer {
  close(): Promise<void>;
}

/** `makeBackup(file)` writes an archive to `file`; the control server streams it to the caller, then removes it. */
export async function startControlServer(
  dataDir: string,
  makeBackup: (file: string) => Promise<void>,
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
): Promise<ControlServer> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const server: Server = createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized\n');
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const file = path.join(dataDir, `.backup-out-${randomBytes(6).toString('hex')}.tar`);
    void (async () => {
      try {
        await makeBackup(file);
        const { size } = await stat(file);
        res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': String(size) });
        await pipeline(createReadStream(file), res);
        log.info({ bytes: size }, 'backup sent to npm run backup');
      } catch (error) {
        log.error({ err: error }, 'backup asked by npm run backup failed');
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(`The backup failed: ${(error as Error).message}\n`);
        } else res.destroy();
      } finally {
        await rm(file, { force: true });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const info: ControlInfo = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  const file = path.join(dataDir, CONTROL_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(info), { mode: 0o600 });
  await rename(tmp, file);
  return {
    async close() {
      // Only our own file: a newer server on this DATA_DIR may have written its own since.
      const current = await readControl(dataDir);
      if (current?.token === token) await rm(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function readControl(dataDir: string): Promise<ControlInfo | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlInfo;
  } catch {
    return null;
  }
}

/** Asks the server of `info` for a backup and writes it to `outFile` (via a `.part` file). */
export async function requestBackup(info: ControlInfo, outFile: string): Promise<void> {
  const partial = `${outFile}.part`;
  try {
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: info.port,
          method: 'POST',
          path: '/backup',
          headers: { authorization: `Bearer ${info.token}` },
        },
        (res) => {
          if (res.statusCode !== 200) {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => {
              body += d;
            });
            res.on('end', () => reject(new Error(`The server refused the backup (${res.statusCode}): ${body.trim()}`)));
            return;
          }
          const expected = Number(res.headers['content-length']);
          pipeline(res, createWriteStream(partial))
            .then(async () => {
              const { size } = await stat(partial);
              if (size !== expected) throw new Error(`The backup was cut short (${size} of ${expected} bytes).`);
              resolve();
            })
            .catch(reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    await rename(partial, outFile);
  } finally {
    await rm(partial, { force: true });
  }
}
