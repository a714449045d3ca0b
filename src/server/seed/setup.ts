import type { Db } from '../db/client';
import { seedIntakeApps } from '../modules/intake/seedApps';
import { ensureDemoChannel } from '../modules/payment/demo';
import { seedScoringRules } from '../modules/scoring/seed';
import { seedPayoutHistory } from './payouts';
import { seedCollectionSetup } from '../modules/collection/demo';
import { seedRepaymentHistory } from '../modules/repayment/demo';
import { seedBlacklistDemo } from '../modules/blacklist/demo';
import { seedContentDemo } from '../modules/content/demo';
import { seedTemplateDemo } from '../modules/template/demo';
import { seedForumDemo } from '../modules/forum/demo';
import { seedConfigDemo } from '../modules/config/demo';
import { seedChannelDemo } from '../modules/channel/demo';
import { seedMarketingDemo } from '../modules/marketing/demo';
import { seedPoolDemo } from '../modules/pool/demo';
import { seedMerchantMoneyDemo } from '../modules/merchantMoney/demo';
import { seedSmsDemo } from '../modules/sms/demo';
import { seedShortLinkDemo } from '../modules/shortLink/demo';
import { seedMessagePushDemo } from '../modules/messagePush/demo';
import { seedClientLogDemo } from '../modules/log/clientLog.demo';
import { seedBankDemo } from '../modules/bank/demo';
import { seedCoDebtDemo } from '../modules/coDebt/demo';
import { seedRiskReportDemo } from '../modules/client/riskReport';
import { seedCustomerSessionDemo } from '../modules/customerSession/demo';

/**
 * What a demo install needs beyond the generated business data so that the whole lifecycle runs on one machine: the
 * sandbox payment channel with the payout records of the generated orders, app keys for the borrower intake API (and the simulator), scoring rules for machine
 * review, a repayment history on some owing orders, and the collection stages with a first collection day. Each step keeps what is already there, so it is safe after every (re)seed.
 */
export async function seedOperatingSetup(db: Db): Promise<void> {
  const channelId = await ensureDemoChannel(db);
  await seedPayoutHistory(db, channelId);
  await seedIntakeApps(db);
  await seedScoringRules(db);
  await seedRepaymentHistory(db);
  await seedCollectionSetup(db);
  await seedBlacklistDemo(db);
  await seedContentDemo(db);
  await seedTemplateDemo(db);
  await seedForumDemo(db);
  await seedConfigDemo(db);
  await seedChannelDemo(db);
  await seedMarketingDemo(db);
  await seedPoolDemo(db);
  await seedMerchantMoneyDemo(db);
  await seedSmsDemo(db);
  await seedShortLinkDemo(db);
  await seedMessagePushDemo(db);
  await seedClientLogDemo(db);
  await seedBankDemo(db);
  await seedCoDebtDemo(db);
  await seedRiskReportDemo(db);
  await seedCustomerSessionDemo(db);
}
