/**
 * Other modules' way to the users table (issue 27): the auth repository is private to this module, so deletion,
 * checkout, profile and the demo seed read and write users through these. Each takes the caller's `db` or
 * transaction handle first, as the repository does, so it joins the caller's transaction.
 */
import * as repo from './auth.repository.ts';

export type { NewUser, UserRow } from './auth.repository.ts';

export const findUserById: typeof repo.findUserById = (q, id) => repo.findUserById(q, id);
export const findUserByEmail: typeof repo.findUserByEmail = (q, email) => repo.findUserByEmail(q, email);
export const insertUser: typeof repo.insertUser = (q, user, now) => repo.insertUser(q, user, now);
export const updateUserProfile: typeof repo.updateUserProfile = (...args) => repo.updateUserProfile(...args);
