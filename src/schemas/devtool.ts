/**
 * Developer tools (docs/devtool.md): /DeveloperTool/IconSelect (the console's icon set) and /DeveloperTool/TableTree
 * (the permission tree and the merchant hierarchy as tree tables). Columns are declared here once; the screen adds
 * widths and formatting.
 */
export const DEVTOOL_API = {
  merchantTree: '/loanapi/devtool/merchant_tree',
} as const;

/** A merchant in the hierarchy: main merchants have parent_id null. */
export interface MerchantTreeRow {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  currency: string;
  market: string;
  enabled: boolean;
}

export interface TreeColumn {
  key: string;
  /** Message id of the column title. */
  title: string;
}

export const PERMISSION_TREE_COLUMNS: readonly TreeColumn[] = [
  { key: 'title', title: 'devtool.col.title' },
  { key: 'key', title: 'devtool.col.key' },
  { key: 'kind', title: 'devtool.col.kind' },
  { key: 'route', title: 'devtool.col.route' },
];

export const MERCHANT_TREE_COLUMNS: readonly TreeColumn[] = [
  { key: 'name', title: 'devtool.col.name' },
  { key: 'code', title: 'devtool.col.code' },
  { key: 'currency', title: 'devtool.col.currency' },
  { key: 'market', title: 'devtool.col.market' },
  { key: 'enabled', title: 'devtool.col.enabled' },
];
