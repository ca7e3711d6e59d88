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

export default async function setup(project: TestProject) {
  const started = Date.now();
  const id = randomBytes(6).toString('hex');
  if (project.name.startsWith('api-postgres')) {
    const name = `kindred_tpl_${id}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), 1);
    await migrate(db);
    await db.close();
    project.provide('dbTemplate', name);
    console.log(`${project.name}: migrated template database ${name} in ${Date.now() - started} ms`);
    return async () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const db = await openPglite('memory://');
  await migrate(db);
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const file = path.join(os.tmpdir(), `kindred-pglite-template-${id}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', file);
  console.log(`${project.name}: migrated template dump in ${Date.now() - started} ms`);
  return async () => rm(file, { force: true });
}
