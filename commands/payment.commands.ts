import type { CommandDef } from './command.types';

/** Screens and actions of the payment area. */
export const paymentCommands: CommandDef[] = [];
