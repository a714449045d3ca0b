import type { CommandDef } from './command.types';

/** Screens and actions of collection set-up: /merchant/stage (stages, collector groups and members) and /empower/outbound (external-call softphone settings). */
export const collectionSetupCommands: CommandDef[] = [];
