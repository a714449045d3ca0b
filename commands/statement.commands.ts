import type { CommandDef } from './command.types';
import { CUSTOMER_DETAIL_SCREEN } from './customer.commands';

/**
 * Downloads from the customer detail (docs/statement.md): the loan statement PDF of the order shown and the customer's
 * documents as a zip. Like the detail view itself they carry no node of their own: the server answers them with
 * the detail's permission (any of CUSTOMER_DETAIL_PAGES) and scope. The console runs them (fetch with the session
 * header, save the file), so they are client commands of the detail screen.
 */
export const statementCommands: CommandDef[] = [
  {
    id: 'customer.statement', kind: 'action', area: 'client', title: 'action.customer.statement', permission: null,
    scope: 'screen', screen: CUSTOMER_DETAIL_SCREEN, client: true, hotkey: 'shift+p',
    keywords: ['statement', 'pdf', 'loan statement', 'print', 'download'],
  },
  {
    id: 'customer.documents', kind: 'action', area: 'client', title: 'action.customer.documents', permission: null,
    scope: 'screen', screen: CUSTOMER_DETAIL_SCREEN, client: true, hotkey: 'shift+z',
    keywords: ['documents', 'zip', 'id photos', 'selfie', 'video', 'download'],
  },
];
