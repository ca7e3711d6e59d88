/**
 * Vitest global setup of the API projects: migrates one database per run and hands its name to the workers
 * (`inject('dbTemplate')`, read by harness.ts `createTestDb`). On PGlite it is a dump of a migrated in-memory
 * cluster in a temporary file (loading it skips initdb, the slowest part of opening PGlite); on PostgreSQL a
 * database every test file's database is created from with `CREATE DATABASE … TEMPLATE` (a file copy).
 * Removed again at the end of the run.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the path of a migrated data-directory dump; PostgreSQL: the migrated template database's name. */
    dbTemplate: string | undefined;
  }
}

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

type Template = { name: string; teardown: () => Promise<unknown> };

/** Migrates a PostgreSQL template database; its name, and how to drop it. */
async function postgresTemplate(id: string): Promise<Template> {
  const name = `kindred_tpl_${id}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 1);
  await migrate(db);
  await db.close();
  return { name, teardown: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** Migrates an in-memory PGlite cluster and dumps it to a temporary file; its path, and how to remove it. */
async function pgliteTemplate(id: string): Promise<Template> {
  const db = await openPglite('memory://');
  await migrate(db);
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const file = path.join(os.tmpdir(), `kindred-pglite-template-${id}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { name: file, teardown: () => rm(file, { force: true }) };
}

/**
 * One template per database for the whole run: `api-postgres` and `api-postgres-timed` (and the PGlite pair) both
 * run this setup in Vitest's main process, and the second finds the first's template here. Vitest loads a global
 * setup module once per project, so the map lives on `globalThis`. A template is removed when the last project
 * that uses it is torn down.
 */
type Shared = Map<'pglite' | 'postgres', { made: Promise<Template>; users: number }>;
const holder = globalThis as { kindredDbTemplates?: Shared };
const templates = (holder.kindredDbTemplates ??= new Map());

export default async function setup(project: TestProject) {
  const started = Date.now();
  const kind = project.name.startsWith('api-postgres') ? 'postgres' : 'pglite';
  const first = !templates.has(kind);
  if (first) {
    const id = randomBytes(6).toString('hex');
    templates.set(kind, { made: kind === 'postgres' ? postgresTemplate(id) : pgliteTemplate(id), users: 0 });
  }
  const entry = templates.get(kind)!;
  entry.users++;
  const template = await entry.made;
  project.provide('dbTemplate', template.name);
  if (first) console.log(`${project.name}: migrated template ${template.name} in ${Date.now() - started} ms`);
  return async () => {
    if (--entry.users > 0) return;
    templates.delete(kind);
    await template.teardown();
  };
}
