import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aegis-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

it('takes the folder with this process id and gives it back', () => {
  const dir = tempDir();
  const release = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
});

it('refuses while another live process holds it, naming the process and what to do', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, LOCK_FILE), String(process.ppid));
  expect(() => lockDataDir(dir)).toThrow(new RegExp(`Another Aegis server \\(process ${process.ppid}\\) is using the embedded database in .*DATA_DIR`));
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.ppid));
});

it('takes over a lock whose process is gone', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, LOCK_FILE), '2147483646');
  const release = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
  release();
});
