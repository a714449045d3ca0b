import type { CommandDef } from './command.types';

/** Screens and actions of the scoring area. */
export const scoringCommands: CommandDef[] = [];
