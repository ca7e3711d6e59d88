import { readdir, chmod, lstat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes `dir` and everything in it its owner's only: folders 0700, files 0600. The process umask (server.ts) covers
 * what Node creates, but the embedded database (PGlite's Emscripten file system) sets 0666 on its files itself;
 * once its folder is 0700, files it creates later are out of other users' reach too. Symbolic links are left alone.
 */
export async function restrictToOwner(dir: string): Promise<number> {
  let changed = 0;
  const walk = async (target: string): Promise<void> => {
    const stat = await lstat(target).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null; // no data folder (PostgreSQL and a configured secret), or gone
      throw err;
    });
    if (!stat) return;
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted && stat.mode & 0o077) {
      await chmod(target, (stat.mode & 0o700) | (stat.isDirectory() ? 0o700 : 0));
      changed += 1;
    }
    if (stat.isDirectory()) for (const entry of await readdir(target)) await walk(path.join(target, entry));
  };
  await walk(dir);
  return changed;
}
