import type { CommandDef } from './command.types';

/** Screens and actions of the collection area: pool (collectionRemark), collectionPromptList, collectionSuccess, refundTheAmount, CollectionAllocationQuery, CollectionServiceManagement (live counts, alerts, assignment). */
export const collectionCommands: CommandDef[] = [];
