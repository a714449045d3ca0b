import type { CommandDef } from './command.types';

/** Screens and actions of the intake area. */
export const intakeCommands: CommandDef[] = [];
