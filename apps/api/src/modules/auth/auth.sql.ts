/**
 * The auth module's public SQL fragment: other modules' repositories (and the guard) compose it into their own
 * statement so the check costs no extra round trip. The rest of the module's SQL stays in its repositories (issue 27).
 */

/**
 * SQL for "the sign-in named by `sidParam` has ended" (a logout, or a reuse of a rotated refresh token revoked its
 * family): a revoked row in that refresh-token family. The guard joins it into the credential read it does on
 * every request, so refusing a logged-out access token costs no extra round trip; the partial index of migration
 * 021 answers it with one probe. A null sid (a token issued before tokens carried it) is never revoked here.
 */
export const sessionRevokedSql = (sidParam: string) =>
  `exists (select 1 from refresh_tokens r where r.family_id = ${sidParam}::uuid and r.revoked_at is not null)`;
