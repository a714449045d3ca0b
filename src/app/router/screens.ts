import type { ScreenMap } from '../../features/screen.types';
import { screens as auth } from '../../features/auth';
import { screens as client } from '../../features/client';
import { screens as dashboard } from '../../features/dashboard';
import { screens as empower } from '../../features/empower';
import { screens as log } from '../../features/log';
import { screens as review } from '../../features/review';
import { screens as system } from '../../features/system';
import { screens as scoring } from '../../features/scoring';
import { screens as intake } from '../../features/intake';
import { screens as payment } from '../../features/payment';
import { screens as withdrawal } from '../../features/withdrawal';
import { screens as repayment } from '../../features/repayment';
import { screens as repaymentCard } from '../../features/repaymentCard';
import { screens as extension } from '../../features/extension';
import { screens as debt } from '../../features/debt';
import { screens as collection } from '../../features/collection';
import { screens as collectionWorkbench } from '../../features/collectionWorkbench';
import { screens as collectionSetup } from '../../features/collectionSetup';
import { screens as statistics } from '../../features/statistics';
import { screens as blacklist } from '../../features/blacklist';
import { screens as content } from '../../features/content';
import { screens as customerSession } from '../../features/customerSession';
import { screens as template } from '../../features/template';
import { screens as forum } from '../../features/forum';
import { screens as config } from '../../features/config';
import { screens as pool } from '../../features/pool';
import { screens as marketing } from '../../features/marketing';
import { screens as channel } from '../../features/channel';
import { screens as merchantMoney } from '../../features/merchantMoney';
import { screens as shortLink } from '../../features/shortLink';
import { screens as messagePush } from '../../features/messagePush';
import { screens as devtool } from '../../features/devtool';

import { screens as sms } from '../../features/sms';
import { screens as bank } from '../../features/bank';
import { screens as coDebt } from '../../features/coDebt';
/**
 * Screen components by command id, from every area. The router mounts SCREENS[command.id] for a screen
 * command's route; a registered screen without a component shows the "screen not available" state.
 */
export const SCREENS: ScreenMap = { ...auth, ...dashboard, ...client, ...blacklist, ...content, ...template, ...forum, ...config, ...pool, ...marketing, ...channel, ...merchantMoney, ...review, ...withdrawal, ...collectionWorkbench, ...collection, ...collectionSetup, ...extension, ...repayment, ...repaymentCard, ...payment, ...debt, ...scoring, ...intake, ...empower, ...system, ...shortLink, ...messagePush, ...sms, ...log, ...customerSession, ...statistics, ...devtool, ...bank, ...coDebt };
