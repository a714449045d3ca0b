import type { CommandDef } from './command.types';

/** The marketing area's screens and actions (issue 14). */
export const marketingCommands: CommandDef[] = [];
