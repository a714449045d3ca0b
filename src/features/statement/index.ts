/** The customer detail's downloads (docs/statement.md): what the detail screen mounts. */
export { CustomerDownloads } from './CustomerDownloads';
export { useCustomerDownloads } from './useCustomerDownloads';
