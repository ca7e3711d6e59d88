/**
 * What other modules may do with the account module's deletion records (issue 27: the deletion repository is private
 * to this module). Kept apart from deletion.service.ts, which calls the auth service, so auth can call these without
 * an import cycle. Each takes the caller's transaction handle first and runs in it.
 */
import * as repo from './deletion.repository.ts';

/** Sign-in cancels a pending deletion (auth.service): drops the user's pending record, in the sign-in's transaction. */
export const dropPendingForUser: typeof repo.dropPendingForUser = (...args) => repo.dropPendingForUser(...args);
/** Locks another active admin, so the last one cannot be disabled or demoted (the console, in its transaction). */
export const lockOtherActiveAdmin: typeof repo.lockOtherActiveAdmin = (...args) => repo.lockOtherActiveAdmin(...args);
