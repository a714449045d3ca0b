import { useIntl } from 'react-intl';
import { byId } from '../../../commands';
import { confirmCommand, executeCommand, useCommandUi } from '../../app/commands';

const COMMAND = 'customerSession.detail.forceLogout';

/**
 * For the customer detail screen (one line there): shift+L or the palette's "Force logout" ends the shown customer's
 * app sessions, after a confirmation. The customer is the one on screen, never a row that is loading.
 */
export function useCustomerForceLogout(customerId: number): void {
  const intl = useIntl();
  useCommandUi(COMMAND, async () => {
    const cmd = byId.get(COMMAND)!;
    if (!(await confirmCommand(cmd, [], intl))) return undefined;
    return executeCommand(COMMAND, { ids: [customerId] }, { intl, selection: [] }).catch(() => undefined);
  });
}
