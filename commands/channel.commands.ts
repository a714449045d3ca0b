import type { CommandDef } from './command.types';

/** The channel area's screens and actions (issue 14). */
export const channelCommands: CommandDef[] = [];
