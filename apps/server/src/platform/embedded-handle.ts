import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isLoopbackAddress } from './http/loopback.ts';

// While a server holds the embedded database, no other process may open it. The server leaves a
// handle in DATA_DIR (readable only by its user) saying where it listens and the secret that lets
// the operator CLI on the same machine send it commands instead.

export type EmbeddedHandle = { pid: number; port: number; adminToken: string };

export function handlePath(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

export function writeEmbeddedHandle(dataDir: string, port: number): EmbeddedHandle {
  const handle: EmbeddedHandle = { pid: process.pid, port, adminToken: randomBytes(32).toString('hex') };
  fs.writeFileSync(handlePath(dataDir), JSON.stringify(handle), { mode: 0o600 });
  return handle;
}

export function removeEmbeddedHandle(dataDir: string, handle: EmbeddedHandle): void {
  const current = readEmbeddedHandle(dataDir);
  if (current?.adminToken === handle.adminToken) fs.rmSync(handlePath(dataDir), { force: true });
}

export function readEmbeddedHandle(dataDir: string): EmbeddedHandle | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(handlePath(dataDir), 'utf8')) as EmbeddedHandle;
    return Number.isInteger(parsed.pid) && Number.isInteger(parsed.port) && typeof parsed.adminToken === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isSameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const left = Buffer.from(expected);
  const right = Buffer.from(given);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A request the embedded server's internal routes may run: from this machine, with the handle's secret. */
export function isFromHandleHolder(
  handle: EmbeddedHandle | null,
  request: { socket: { remoteAddress?: string | undefined }; headers: Record<string, string | string[] | undefined> },
): boolean {
  return (
    handle !== null &&
    isLoopbackAddress(request.socket.remoteAddress ?? '') &&
    isSameToken(handle.adminToken, request.headers['x-admin-token'])
  );
}

/** A command the CLI hands over: its name, its `--name value` options and who runs it (at most 100 characters). */
export type HandedCommand = { command: string; args: Record<string, string>; actor: string };

/** The command in an internal route's body, or null when the body is not one. */
export function handedCommandOf(body: unknown): HandedCommand | null {
  const given = (body ?? {}) as { command?: unknown; args?: unknown; actor?: unknown };
  if (typeof given.command !== 'string' || typeof given.actor !== 'string') return null;
  if (typeof given.args !== 'object' || given.args === null) return null;
  const args = Object.fromEntries(
    Object.entries(given.args).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { command: given.command, args, actor: given.actor.slice(0, 100) };
}
