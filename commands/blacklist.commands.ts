import type { CommandDef } from './command.types';

/** The blacklist area's screens and actions (issue 14). */
export const blacklistCommands: CommandDef[] = [];
