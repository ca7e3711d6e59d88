import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const webIndexPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/dist/index.html',
);

/** Identifies a build of the web app by its index.html (which names every hashed asset); 'missing' without one. */
export function webDistStamp(file: string = webIndexPath): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
}
