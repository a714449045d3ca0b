import type { ZodType } from 'zod';
import { COMMANDS, type CommandDef } from '../../commands';
import { can } from '../../commands/permissions';
import type { Lang } from '../schemas/i18n';
import { commandTitle, say } from './words';

/** One parameter of a command, read from its zod schema. */
export interface ParamInfo {
  name: string;
  /** string, number, boolean, date, one of a|b|c, array of …, object … */
  type: string;
  required: boolean;
  title?: string;
}

/** What --list prints and `list()` answers for a command. */
export interface CommandInfo {
  id: string;
  kind: 'screen' | 'action';
  area: string;
  title: string;
  scope?: string;
  hotkey?: string;
  /** Where a single or bulk action takes its row: `id`, `ids`, or the command's rowKey. */
  row?: string;
  params: ParamInfo[];
  /** Run by the console only: no server call a script could make. */
  consoleOnly: boolean;
}

interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  element?: ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  shape?: Record<string, ZodType>;
  options?: ZodType[];
  format?: string;
}

const defOf = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A readable type name for a zod schema (wrappers looked through). */
export function typeName(s: ZodType): string {
  const d = defOf(s);
  switch (d.type) {
    case 'optional': case 'default': case 'nullable': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return typeName(d.innerType!);
    case 'pipe':
      // z.preprocess/transform: the input side is what a caller writes; coerce and transforms keep the output's name.
      return defOf(d.in!).type === 'transform' ? typeName(d.out!) : typeName(d.in!);
    case 'enum':
      return Object.values(d.entries ?? {}).join('|');
    case 'literal':
      return (d.values ?? []).map((v) => JSON.stringify(v)).join('|');
    case 'array':
      return `${typeName(d.element!)}[]`;
    case 'union':
      return (d.options ?? []).map(typeName).join('|');
    case 'object':
      return `{${Object.keys(d.shape ?? {}).join(',')}}`;
    case 'string':
      return d.format ? `string(${d.format})` : 'string';
    default:
      return d.type;
  }
}

function isRequired(s: ZodType): boolean {
  return (s as unknown as { _zod: { optin?: string } })._zod.optin !== 'optional';
}

export function paramsOf(cmd: CommandDef, lang: Lang): ParamInfo[] {
  const shape = (cmd.params as unknown as { shape?: Record<string, ZodType> } | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape).map(([name, s]) => {
    const titleId = cmd.paramTitles?.[name];
    return { name, type: typeName(s), required: isRequired(s), ...(titleId ? { title: say(lang, titleId) } : {}) };
  });
}

export function describeCommand(cmd: CommandDef, lang: Lang): CommandInfo {
  const row = cmd.scope === 'single' ? cmd.rowKey ?? 'id' : cmd.scope === 'bulk' ? 'ids' : undefined;
  return {
    id: cmd.id, kind: cmd.kind, area: cmd.area, title: commandTitle(lang, cmd),
    ...(cmd.scope ? { scope: cmd.scope } : {}), ...(cmd.hotkey ? { hotkey: cmd.hotkey } : {}), ...(row ? { row } : {}),
    params: paramsOf(cmd, lang), consoleOnly: !cmd.api,
  };
}

/**
 * The commands a session may run (all of them when `nodes` is null), optionally of one area: `review`, or an id
 * prefix such as `review.trial`.
 */
export function listCommands(lang: Lang, nodes: readonly string[] | null, area?: string): CommandInfo[] {
  const held = nodes ? new Set(nodes) : null;
  return COMMANDS
    .filter((c) => !held || can(held, c.permission))
    .filter((c) => !area || c.area === area || c.id === area || c.id.startsWith(`${area}.`))
    .map((c) => describeCommand(c, lang));
}

/** One line a command (and its parameters indented below), for the terminal. */
export function formatList(infos: readonly CommandInfo[]): string {
  const lines: string[] = [];
  for (const c of infos) {
    const tags = [c.kind === 'screen' ? 'screen (read: `read ' + c.id + '`)' : c.scope, c.hotkey ? `key ${c.hotkey}` : '', c.consoleOnly ? 'console only' : '']
      .filter(Boolean).join(', ');
    lines.push(`${c.id}  ${c.title}${tags ? `  [${tags}]` : ''}`);
    if (c.row) lines.push(`    ${c.row}: ${c.row === 'ids' ? 'number[]' : c.row === 'id' ? 'number' : 'string'} (required: the row${c.row === 'ids' ? 's' : ''})`);
    for (const p of c.params) {
      if (p.name === c.row) continue;
      lines.push(`    ${p.name}${p.required ? '' : '?'}: ${p.type}${p.title ? `  — ${p.title}` : ''}`);
    }
  }
  return lines.join('\n');
}
