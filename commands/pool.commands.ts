import type { CommandDef } from './command.types';

/** The pool area's screens and actions (issue 14). */
export const poolCommands: CommandDef[] = [];
