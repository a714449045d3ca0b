/** Action verbs by permission group key, then page name (spec §2 page names). */
export type AreaActions = Record<string, Record<string, string[]>>;
