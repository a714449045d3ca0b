import type { CommandDef } from './command.types';

/** Screens and actions of the withdrawal area. */
export const withdrawalCommands: CommandDef[] = [];
