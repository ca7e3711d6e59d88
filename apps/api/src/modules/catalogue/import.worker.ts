import type { MessagePort } from 'node:worker_threads';
import { parseDonorImport, type ImportFormat, type ParsedImport } from './import.parse.ts';

export type ParseTask = { format: ImportFormat; data: string; onlyBank?: string; port: MessagePort };
/** Donors go back through the port in batches of this many, then `null`; each after the server asked for it. */
export const DONOR_BATCH = 250;

/**
 * Runs in a worker thread (piscina): parsing and validating a file of up to 5 MiB takes far longer than the
 * 50 ms an event loop may be held. The valid donors go back in small batches through `port`, because receiving
 * tens of thousands of objects in one message is itself a long pause on the receiving thread.
 */
export default async function parse(task: ParseTask): Promise<Omit<ParsedImport, 'donors'>> {
  const { donors, ...rest } = parseDonorImport(task.format, task.data, { onlyBank: task.onlyBank });
  // One batch at a time, each after the server asked for it: messages that arrive together are all
  // deserialised in one go on the receiving side.
  const asked = () => new Promise((resolve) => task.port.once('message', resolve));
  for (let i = 0; i < donors.length; i += DONOR_BATCH) {
    task.port.postMessage(donors.slice(i, i + DONOR_BATCH));
    await asked();
  }
  task.port.postMessage(null);
  task.port.close();
  return rest;
}
