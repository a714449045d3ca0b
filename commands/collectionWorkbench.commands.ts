import type { CommandDef } from './command.types';

/** Screens and actions of the collector's keyboard workbench: myCollectionList, case work (call, result, promise, note), calls logged on the case. */
export const collectionWorkbenchCommands: CommandDef[] = [];
