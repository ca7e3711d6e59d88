import type { ParentScreen } from '@kindred/shared/genetics';
import { PARENT_SCREEN_MSG } from '@kindred/shared/parent-screen.schemas';
import type { Db, Queryable } from '../../db/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ConsentService } from '../rights/consent.service.ts';
import {
  deleteParentScreen,
  findParentScreen,
  findParentScreens,
  upsertParentScreen,
} from './parent-screen.repository.ts';

export type ParentScreenDto = { screen: ParentScreen | null; updated_at: string | null };

const dto = (row: { screening: ParentScreen; updated_at: Date } | undefined): ParentScreenDto =>
  row
    ? { screen: row.screening, updated_at: new Date(row.updated_at).toISOString() }
    : { screen: null, updated_at: null };

/**
 * A parent's own carrier screening (issue 24, ADR 023): the panel they had (or "I don't know") and the genes
 * where they carry something. Health data (ADR 019): saved only while the health-data consent is given; the data
 * export includes it and the account's deletion removes it (cascade).
 */
export function createParentScreenService(deps: { db: Db; clock: Clock; consents: ConsentService }) {
  const { db } = deps;
  return {
    /**
     * The saved screen, or nulls when the parent has entered none. Other modules (matching, favourites) read it
     * here, never through this module's repository: `updated_at` versions what they cache.
     */
    get: async (userId: string): Promise<ParentScreenDto> => dto(await findParentScreen(db, userId)),
    /** `get` inside the caller's transaction (a donor update's fan-out tells each parent what changed for them). */
    getWithin: async (tx: Queryable, userId: string): Promise<ParentScreenDto> =>
      dto(await findParentScreen(tx, userId)),

    /**
     * The current screens of many parents in the caller's transaction (the saved-search alert job matches every
     * alert with its parent's screen of the day): by user id, only those who entered one.
     */
    getManyWithin: async (tx: Queryable, userIds: readonly string[]): Promise<Map<string, ParentScreenDto>> =>
      new Map((await findParentScreens(tx, userIds)).map((r) => [r.user_id, dto(r)])),

    /** Saves (replaces) the screen; 403 without the health-data consent. */
    async save(userId: string, screen: ParentScreen): Promise<ParentScreenDto> {
      await deps.consents.requireHealthData(userId, PARENT_SCREEN_MSG.consentRequired);
      return dto(await upsertParentScreen(db, userId, screen, deps.clock.now()));
    },

    /** Removes the screen (no consent needed to remove health data). */
    async remove(userId: string): Promise<ParentScreenDto> {
      await deleteParentScreen(db, userId);
      return dto(undefined);
    },
  };
}
export type ParentScreenService = ReturnType<typeof createParentScreenService>;
/** What other modules may ask of it: the saved screen. */
export type ParentScreenReader = Pick<ParentScreenService, 'get'>;
export type ParentScreenTxReader = Pick<ParentScreenService, 'getWithin'>;
export type ParentScreensReader = Pick<ParentScreenService, 'getManyWithin'>;
