/**
 * The fixed part of the seeded world: merchants (the demo's main and sub merchant, plus one main merchant with a
 * sub-merchant for every other market), their products and channels, customer labels, and the texts orders and
 * comments use.
 */
import type { Market } from '../../schemas/merchant';

export interface SeedMerchant {
  code: string;
  name: string;
  market: Market;
  /** Share of customers (relative weight). */
  weight: number;
  parent?: string;
}

/** M001 and M001-01 are the demo's merchants (demo accounts are scoped to them). */
export const SEED_MERCHANTS: SeedMerchant[] = [
  { code: 'M001', name: 'Saigon Credit', market: 'vn', weight: 28 },
  { code: 'M001-01', name: 'Saigon Credit – Hanoi', market: 'vn', weight: 14, parent: 'M001' },
  { code: 'M002', name: 'Pearl River Finance', market: 'cn', weight: 6 },
  { code: 'M002-01', name: 'Pearl River Finance – Shenzhen', market: 'cn', weight: 3, parent: 'M002' },
  { code: 'M003', name: 'Formosa Lending', market: 'tw', weight: 6 },
  { code: 'M003-01', name: 'Formosa Lending – Kaohsiung', market: 'tw', weight: 3, parent: 'M003' },
  { code: 'M004', name: 'Nile Microcredit', market: 'eg', weight: 6 },
  { code: 'M004-01', name: 'Nile Microcredit – Alexandria', market: 'eg', weight: 3, parent: 'M004' },
  { code: 'M005', name: 'Siam QuickLoan', market: 'th', weight: 6 },
  { code: 'M005-01', name: 'Siam QuickLoan – Chiang Mai', market: 'th', weight: 3, parent: 'M005' },
  { code: 'M006', name: 'Ganga Finserv', market: 'in', weight: 6 },
  { code: 'M006-01', name: 'Ganga Finserv – Pune', market: 'in', weight: 3, parent: 'M006' },
  { code: 'M007', name: 'Liberty Cash', market: 'en', weight: 6 },
  { code: 'M007-01', name: 'Liberty Cash – Texas', market: 'en', weight: 3, parent: 'M007' },
];

export interface SeedProduct {
  key: 'quick' | 'standard' | 'flex' | 'prime' | 'legacy';
  term: number;
  cycle: number;
  minDays: number;
  maxDays: number;
  /** Loan days an order may choose. */
  days: number[];
  rateBp: number;
  interestType: 'flat' | 'daily';
  managementFeeBp: number;
  riskFeeBp: number;
  paymentFeeBp: number;
  feeTiming: 'upfront' | 'maturity';
  overdueRateBp: number;
  whiteHouseholdExclusive: boolean;
  universal: boolean;
  enabled: boolean;
  /** Share of orders (0: none). */
  weight: number;
}

export const SEED_PRODUCTS: SeedProduct[] = [
  { key: 'quick', term: 1, cycle: 7, minDays: 7, maxDays: 7, days: [7], rateBp: 50, interestType: 'daily', managementFeeBp: 800, riskFeeBp: 300, paymentFeeBp: 200, feeTiming: 'upfront', overdueRateBp: 100, whiteHouseholdExclusive: false, universal: true, enabled: true, weight: 35 },
  { key: 'standard', term: 1, cycle: 14, minDays: 14, maxDays: 14, days: [14], rateBp: 30, interestType: 'daily', managementFeeBp: 600, riskFeeBp: 200, paymentFeeBp: 200, feeTiming: 'upfront', overdueRateBp: 80, whiteHouseholdExclusive: false, universal: true, enabled: true, weight: 35 },
  { key: 'flex', term: 1, cycle: 30, minDays: 15, maxDays: 30, days: [15, 21, 30], rateBp: 1200, interestType: 'flat', managementFeeBp: 500, riskFeeBp: 200, paymentFeeBp: 100, feeTiming: 'maturity', overdueRateBp: 60, whiteHouseholdExclusive: false, universal: true, enabled: true, weight: 25 },
  { key: 'prime', term: 2, cycle: 30, minDays: 60, maxDays: 60, days: [60], rateBp: 10, interestType: 'daily', managementFeeBp: 300, riskFeeBp: 100, paymentFeeBp: 100, feeTiming: 'maturity', overdueRateBp: 50, whiteHouseholdExclusive: true, universal: false, enabled: true, weight: 0 },
  { key: 'legacy', term: 1, cycle: 10, minDays: 10, maxDays: 10, days: [10], rateBp: 60, interestType: 'daily', managementFeeBp: 900, riskFeeBp: 300, paymentFeeBp: 200, feeTiming: 'upfront', overdueRateBp: 120, whiteHouseholdExclusive: false, universal: true, enabled: false, weight: 0 },
];

const PRODUCT_NAMES: Record<Market, Record<SeedProduct['key'], string>> = {
  vn: { quick: 'Vay Nhanh 7 ngày', standard: 'Vay Tiêu Chuẩn 14 ngày', flex: 'Vay Linh Hoạt 30 ngày', prime: 'Vay Ưu Đãi 60 ngày', legacy: 'Vay Cũ 10 ngày' },
  cn: { quick: '极速贷 7天', standard: '标准贷 14天', flex: '灵活贷 30天', prime: '尊享贷 60天', legacy: '旧版贷 10天' },
  tw: { quick: '極速貸 7天', standard: '標準貸 14天', flex: '彈性貸 30天', prime: '尊榮貸 60天', legacy: '舊版貸 10天' },
  eg: { quick: 'قرض سريع 7 أيام', standard: 'قرض قياسي 14 يومًا', flex: 'قرض مرن 30 يومًا', prime: 'قرض مميز 60 يومًا', legacy: 'قرض قديم 10 أيام' },
  th: { quick: 'สินเชื่อด่วน 7 วัน', standard: 'สินเชื่อมาตรฐาน 14 วัน', flex: 'สินเชื่อยืดหยุ่น 30 วัน', prime: 'สินเชื่อพรีเมียม 60 วัน', legacy: 'สินเชื่อเดิม 10 วัน' },
  in: { quick: 'Quick Loan 7 days', standard: 'Standard Loan 14 days', flex: 'Flex Loan 30 days', prime: 'Prime Loan 60 days', legacy: 'Legacy Loan 10 days' },
  en: { quick: 'Quick Loan 7 days', standard: 'Standard Loan 14 days', flex: 'Flex Loan 30 days', prime: 'Prime Loan 60 days', legacy: 'Legacy Loan 10 days' },
};

const PURPOSES: Record<Market, string[]> = {
  vn: ['Tiêu dùng cá nhân', 'Chi phí y tế', 'Học phí', 'Kinh doanh nhỏ'],
  cn: ['个人消费', '医疗支出', '教育费用', '小本经营'],
  tw: ['個人消費', '醫療支出', '教育費用', '小本經營'],
  eg: ['استهلاك شخصي', 'مصاريف طبية', 'مصاريف تعليم', 'مشروع صغير'],
  th: ['ใช้จ่ายส่วนบุคคล', 'ค่ารักษาพยาบาล', 'ค่าเล่าเรียน', 'ธุรกิจขนาดเล็ก'],
  in: ['Personal expenses', 'Medical expenses', 'Education', 'Small business'],
  en: ['Personal expenses', 'Medical bills', 'Education', 'Small business'],
};

export function productName(market: Market, key: SeedProduct['key']): string {
  return PRODUCT_NAMES[market][key];
}

export function productPurpose(market: Market, index: number): string {
  const list = PURPOSES[market];
  return list[index % list.length];
}

export interface SeedChannel {
  suffix: string;
  name: string;
  type: string;
  tracking: string;
  weight: number;
}

export const SEED_CHANNELS: SeedChannel[] = [
  { suffix: 'ORG', name: 'Organic (app stores)', type: 'organic', tracking: '', weight: 40 },
  { suffix: 'FB', name: 'Facebook Ads', type: 'facebook', tracking: 'facebook', weight: 28 },
  { suffix: 'TT', name: 'TikTok Ads', type: 'tiktok', tracking: 'tiktok', weight: 18 },
  { suffix: 'AFF', name: 'Affiliate partners', type: 'affiliate', tracking: 'appsflyer', weight: 10 },
  { suffix: 'SMS', name: 'SMS re-marketing', type: 'sms', tracking: '', weight: 4 },
];

export const SEED_LABELS: Array<[string, string]> = [
  ['VIP', '#f08c00'],
  ['High risk', '#e03131'],
  ['Promise kept', '#2f9e44'],
  ['Complaint', '#ae3ec9'],
  ['Fraud suspect', '#c92a2a'],
  ['Good payer', '#1971c2'],
  ['Needs follow-up', '#fab005'],
  ['Staff referral', '#0c8599'],
];

/** Reject reasons (the demo's `reject_reason` dictionary labels). */
export const REJECT_REASONS = ['Incomplete documents', 'Identity mismatch', 'Insufficient income', 'Blacklisted contact', 'Multi-lender risk'];
export const INTERCEPT_REASONS = ['Intercepted: device shared with 3 other customers', 'Intercepted: GPS outside the service area', 'Intercepted: held by the risk team for a call-back', 'Intercepted: contact list too small'];
export const PAYOUT_FAILURES = ['Payout rejected by bank: account name mismatch', 'Payout rejected: card number invalid', 'Payout channel timeout; amount returned', 'Payout rejected: card frozen by the bank'];
export const EXPIRED_REASON = 'Not withdrawn within the valid hours';
export const MACHINE_REJECT = 'Machine review: score below threshold';

export const COMMENTS = [
  'Called the customer, confirmed the employer and the salary date.',
  'Customer asked to move the due date by a few days; told them about the extension.',
  'Emergency contact confirmed the relationship.',
  'Customer promised to repay on the due date.',
  'ID photo blurry; asked for a new upload.',
  'Company phone rings out; try again tomorrow morning.',
  'Customer is polite and cooperative, good repayment history.',
  'Suspected shared device with another applicant; flagged to the risk team.',
];
