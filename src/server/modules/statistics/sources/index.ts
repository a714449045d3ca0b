import type { ReportSource } from '../engine';
import { channelSources } from './channel';
import { collectionSources } from './collection';
import { portfolioSources } from './portfolio';
import { repaymentSources } from './repayment';
import { workSources } from './work';

/** The engine's source of every declared report, by report id (one file per area, as the declarations). */
export const SOURCES: Readonly<Record<string, ReportSource>> = { ...repaymentSources, ...collectionSources, ...workSources, ...channelSources, ...portfolioSources };
