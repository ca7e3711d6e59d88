import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ImportFormat, ParsedImport } from './import.parse.ts';
import type { ImportCandidate } from './reference-ids.ts';
import type { ParseTask } from './import.worker.ts';

/**
 * Parses imports in one worker thread (piscina), started on the first import and stopped when idle. The donors
 * come back in batches (import.worker.ts).
 */
export function createImportParser() {
  let pool: Piscina<ParseTask, Omit<ParsedImport, 'donors'>> | undefined;
  const parse = async (format: ImportFormat, data: string, opts: { onlyBank?: string } = {}): Promise<ParsedImport> => {
    pool ??= new Piscina({
      filename: new URL('./import.worker.ts', import.meta.url).href,
      maxThreads: 1,
      idleTimeout: 30_000,
    });
    const { port1, port2 } = new MessageChannel();
    const donors: ImportCandidate[] = [];
    const received = new Promise<void>((resolve) =>
      port1.on('message', (batch: ImportCandidate[] | null) => {
        if (!batch) return resolve();
        donors.push(...batch);
        // Ask for the next batch on a later turn of the event loop.
        setImmediate(() => port1.postMessage('next'));
      }),
    );
    try {
      const task: ParseTask = { format, data, onlyBank: opts.onlyBank, port: port2 };
      const rest = await pool.run(task, { transferList: [port2] });
      await received;
      return { ...rest, donors };
    } finally {
      port1.close();
    }
  };
  return {
    parse,
    async close() {
      await pool?.destroy();
    },
  };
}
