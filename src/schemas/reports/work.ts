import type { GroupBy, Measure, ReportDecl, StatFilter } from '../statistics';
import { SLICES, SLICE_GROUPS, statNode } from '../statistics';

/** Review, withdrawal and marketing staff reports (docs/statistics.md "Review and withdrawal"). */

const STAFF_FILTERS: readonly StatFilter[] = [...SLICES, 'staff_id'];
const STAFF_GROUPS: readonly GroupBy[] = [...SLICE_GROUPS, 'staff'];
const m = (key: string, title: string, unit: Measure['unit'] = 'count', more: Partial<Measure> = {}): Measure => ({ key, title, unit, ...more });

/** Conversion: withdrawals of the range over orders that entered pending withdrawal in it. */
const entered = m('entered', 'stat.m.withdrawalEntered');
const withdrawn = m('withdrawn', 'stat.m.withdrawn');
const conversion = m('conversion_rate', 'stat.m.withdrawalConversion', 'rate', { numerator: 'withdrawn', denominator: 'entered' });
const withdrawSeconds = m('withdraw_seconds', 'stat.m.withdrawTimeTotal', 'duration', { hidden: true });
const withdrawTime = m('withdraw_time', 'stat.m.withdrawTime', 'duration', { numerator: 'withdraw_seconds', denominator: 'withdrawn' });

export const workReports: ReportDecl[] = [
  {
    id: 'reviewStatistics', page: 'reviewStatistics', node: statNode('reviewStatistics'), dateTitle: 'stat.dim.businessDate',
    filters: STAFF_FILTERS, groupBys: [...STAFF_GROUPS, 'stage'], defaultGroupBy: 'staff',
    measures: [
      m('claimed', 'stat.m.reviewClaimed'),
      m('approved', 'stat.m.reviewApproved'),
      m('rejected', 'stat.m.reviewRejected'),
      m('decided', 'stat.m.reviewDecided', 'count', { hidden: true }),
      m('decide_seconds', 'stat.m.decideTimeTotal', 'duration', { hidden: true }),
      m('decide_time', 'stat.m.decideTime', 'duration', { numerator: 'decide_seconds', denominator: 'decided' }),
      m('approval_rate', 'stat.m.approvalRate', 'rate', { numerator: 'approved', denominator: 'decided' }),
      m('matured', 'stat.m.approvedMatured', 'count', { hidden: true }),
      m('went_overdue', 'stat.m.approvedOverdue', 'count', { hidden: true }),
      m('overdue_rate', 'stat.m.approvedOverdueRate', 'rate', { numerator: 'went_overdue', denominator: 'matured' }),
    ],
    chart: { kind: 'bar', measures: ['approved', 'rejected'] },
  },
  {
    id: 'reminderWithdrawalSummary', page: 'reminderWithdrawalSummary', node: statNode('reminderWithdrawalSummary'), dateTitle: 'stat.dim.businessDate',
    filters: SLICES, groupBys: SLICE_GROUPS,
    measures: [entered, withdrawn, m('withdrawn_agent', 'stat.m.withdrawnAgent'), m('closed', 'stat.m.withdrawalClosed'),
      m('reminders', 'stat.m.withdrawalReminders'), m('contacts', 'stat.m.withdrawalContacts'), conversion, withdrawSeconds, withdrawTime],
    chart: { kind: 'line', measures: ['entered', 'withdrawn', 'closed'] },
  },
  {
    id: 'SummaryWithdrawalCustomers', page: 'SummaryWithdrawalCustomers', node: statNode('SummaryWithdrawalCustomers'), dateTitle: 'stat.dim.businessDate',
    filters: SLICES, groupBys: SLICE_GROUPS, defaultGroupBy: 'customer_type',
    measures: [entered, withdrawn,
      m('withdrawn_self', 'stat.m.withdrawnSelf'), m('withdrawn_agent', 'stat.m.withdrawnAgent'),
      m('self_rate', 'stat.m.withdrawSelfRate', 'rate', { numerator: 'withdrawn_self', denominator: 'withdrawn' }),
      m('within_2h', 'stat.m.withdrawnWithin', 'count', { titleValues: { hours: '2' } }),
      m('within_24h', 'stat.m.withdrawnWithin', 'count', { titleValues: { hours: '24' } }),
      m('expired', 'stat.m.withdrawalExpired'), m('closed_staff', 'stat.m.withdrawalClosedStaff'),
      conversion, withdrawSeconds, withdrawTime],
    chart: { kind: 'bar', measures: ['withdrawn_self', 'withdrawn_agent', 'expired'] },
  },
  {
    id: 'withdrawShare', page: 'withdrawShare', node: statNode('withdrawShare'), dateTitle: 'stat.dim.businessDate',
    filters: STAFF_FILTERS, groupBys: STAFF_GROUPS, defaultGroupBy: 'staff',
    measures: [withdrawn,
      m('all_withdrawn', 'stat.m.withdrawnAll', 'count', { hidden: true }),
      m('share', 'stat.m.withdrawShare', 'rate', { numerator: 'withdrawn', denominator: 'all_withdrawn' }),
      m('contacts', 'stat.m.withdrawalContacts'), m('closed_staff', 'stat.m.withdrawalClosedStaff'), withdrawSeconds, withdrawTime],
    chart: { kind: 'bar', measures: ['withdrawn'] },
  },
  {
    id: 'reminderWithdrawal', page: 'reminderWithdrawal', node: statNode('reminderWithdrawal'), dateTitle: 'stat.dim.businessDate',
    filters: STAFF_FILTERS, groupBys: STAFF_GROUPS, defaultGroupBy: 'staff',
    measures: [
      m('reminders', 'stat.m.withdrawalReminders'), m('contacts', 'stat.m.withdrawalContacts'),
      m('contact_reached', 'stat.m.contactReached'), m('contact_unreached', 'stat.m.contactUnreached'), m('contact_declined', 'stat.m.contactDeclined'),
      m('reach_rate', 'stat.m.contactReachRate', 'rate', { numerator: 'contact_reached', denominator: 'contacts' }),
      m('withdrawn_agent', 'stat.m.withdrawnAgent'),
    ],
    chart: { kind: 'bar', measures: ['contacts', 'contact_reached', 'withdrawn_agent'] },
  },
  {
    id: 'marketingPersonnel', page: 'marketingPersonnel', node: statNode('marketingPersonnel'), dateTitle: 'stat.dim.businessDate',
    filters: STAFF_FILTERS, groupBys: STAFF_GROUPS, defaultGroupBy: 'staff',
    measures: [m('contacts', 'stat.m.marketingContacts'), m('agreed', 'stat.m.marketingAgreed'), m('registered', 'stat.m.marketingRegistered'),
      m('applied', 'stat.m.applied'), m('disbursed', 'stat.m.disbursed')],
    chart: { kind: 'bar', measures: ['contacts', 'agreed', 'disbursed'] },
  },
];
