/** What every clinic portal tab is given: the clinic's zone and reference id (null while loading). */
export type TabProps = { timeZone: string | null; referenceId: string | null };
