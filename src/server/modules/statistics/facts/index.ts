import type { FactBuilder } from '../refresh';
import { channelFacts } from './channel';
import { collectionFacts } from './collection';
import { portfolioFacts } from './portfolio';
import { repaymentFacts } from './repayment';
import { workFacts } from './work';
import { marketingFacts } from '../../marketing/facts';

/** Every fact area's maintenance, run in this order inside each merchant's refresh (after the daily and cohort facts). */
export const FACTS: readonly FactBuilder[] = [...repaymentFacts, ...collectionFacts, ...workFacts, ...channelFacts, ...portfolioFacts, ...marketingFacts];
