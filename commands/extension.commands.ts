import type { CommandDef } from './command.types';

/** Screens and actions of extensions: /exhibition_period lists and /review/reviewExhibitionPeriod. */
export const extensionCommands: CommandDef[] = [];
