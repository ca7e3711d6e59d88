/**
 * The anchor `npm run bench:api` measures GET profile against: bare Fastify, one database read and jose verifying
 * the same access token (HS256, same secret, issuer and audience), answering the same row as JSON. Nothing else:
 * no rate limit, no security headers, no schema. ANCHOR_DB: a PostgreSQL URL (read through pg), or `pglite` (an
 * in-memory PGlite holding a copy of the row, given as ANCHOR_ROW).
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const key = new TextEncoder().encode(process.env.JWT_SECRET!);
const SQL = 'select id, email, first_name, last_name, role, password_hash from users where id = $1';
let query: (id: string) => Promise<unknown[]>;
if (process.env.ANCHOR_DB === 'pglite') {
  const db = await PGlite.create();
  await db.exec(`create table users (id uuid primary key, email text, first_name text, last_name text, role text,
    password_hash text)`);
  const row = JSON.parse(process.env.ANCHOR_ROW!) as Record<string, string>;
  await db.query('insert into users values ($1, $2, $3, $4, $5, $6)', [
    row.id,
    row.email,
    row.first_name,
    row.last_name,
    row.role,
    row.password_hash,
  ]);
  query = async (id) => (await db.query(SQL, [id])).rows;
} else {
  const pool = new pg.Pool({ connectionString: process.env.ANCHOR_DB, max: 10 });
  query = async (id) => (await pool.query(SQL, [id])).rows;
}

const app = Fastify();
app.get('/profile', async (request, reply) => {
  const token = (request.headers.authorization ?? '').slice('Bearer '.length);
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'kindred',
      audience: 'kindred-web',
    });
    const [user] = await query(payload.sub!);
    if (!user) return reply.code(401).send({ detail: 'no user' });
    return { success: true, user };
  } catch {
    return reply.code(401).send({ detail: 'invalid token' });
  }
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('anchor ready');
