/** The password hash an account has while it waits for its purge: not a hash at all, so nothing verifies. */
export const DEACTIVATED_HASH_PREFIX = '!deactivated:';
