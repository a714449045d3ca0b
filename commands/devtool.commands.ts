import type { CommandDef } from './command.types';
import { pageScreen } from './define';

/**
 * Developer tools (spec §2 /DeveloperTool, docs/devtool.md): the console's icon set, searchable, and the permission
 * tree and merchant hierarchy as keyboard tree tables. Reads only; no actions.
 */
export const devtoolCommands: CommandDef[] = [
  pageScreen('DeveloperTool', 'IconSelect', { order: 1, keywords: ['icon', 'icons', 'svg', 'glyph', 'icon picker'] }),
  pageScreen('DeveloperTool', 'TableTree', {
    order: 2, api: { method: 'GET', path: '/loanapi/devtool/merchant_tree' },
    keywords: ['tree', 'tree table', 'permission tree', 'merchant hierarchy', 'sub-merchant', 'nodes'],
  }),
];
