/**
 * Per-market realistic data for the seed generator: names in the local script, phone formats, ID and tax numbers
 * with their real check digits, addresses with coordinates, companies, occupations, banks with card prefixes,
 * SMS texts and installed apps, for the seven markets of the console's languages.
 */
import type { Address } from '../modules/client/client.table';
import type { Market } from '../../schemas/merchant';
import type { Rng, Weighted } from './rng';

export type Gender = 'M' | 'F';

export interface Region {
  /** Province / state / governorate / municipality. */
  region: string;
  city: string;
  districts: readonly string[];
  lat: number;
  lng: number;
  postcode: string;
  /** Region code used inside ID numbers (province, division, governorate, letter …). */
  idCode: string;
}

export interface BankDef {
  code: string;
  name: string;
  bins: readonly string[];
  /** Card number length. */
  length: number;
}

export interface PersonName {
  full: string;
  family: string;
  /** The father's full name (spec: father's name; in Egypt it is part of the person's own name). */
  father: string;
}

export interface MarketData {
  market: Market;
  currency: string;
  /** Offset of the market's business calendar from UTC, minutes (due dates are dates in this calendar). */
  tzOffsetMinutes: number;
  /** Loan amounts of the market, minor units: from min to max in steps. */
  amount: { min: number; max: number; step: number };
  /** Fees and interest are rounded to this many minor units (VND to 1,000 đồng). */
  moneyRound: number;
  name(rng: Rng, gender: Gender, family?: string): PersonName;
  phone(rng: Rng): string;
  idNumber(rng: Rng, birth: Date, gender: Gender, region: Region): string;
  taxId(rng: Rng, idNumber: string, name: PersonName): string;
  regions: readonly Region[];
  address(rng: Rng, region: Region): Address;
  company(rng: Rng, region: Region): string;
  occupations: readonly string[];
  banks: readonly BankDef[];
  /** Dictionary `religion` values with weights (1 none, 2 Buddhism, 3 Islam, 4 Christianity, 5 Hinduism, 6 other). */
  religion: Weighted<string>;
  /** SMS texts with {code} {amt} {bal} {date} {last4} placeholders. */
  sms: readonly string[];
  smsSenders: readonly string[];
  apps: ReadonlyArray<readonly [string, string]>;
  devices: readonly string[];
  /** Wi-Fi network names seen at home or work. */
  ssids: readonly string[];
  /** Formats money for SMS texts. */
  money(minor: number): string;
}

// ---------------------------------------------------------------------------------------------------------------
// Check digits

/** Luhn check digit for a card number body. */
export function luhnDigit(body: string): number {
  let sum = 0;
  let double = true;
  for (let i = body.length - 1; i >= 0; i--) {
    let d = body.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

export function luhnValid(num: string): boolean {
  return /^\d+$/.test(num) && luhnDigit(num.slice(0, -1)) === Number(num.at(-1));
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1], [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1], [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Verhoeff check digit (Aadhaar). */
export function verhoeffDigit(body: string): number {
  let c = 0;
  for (let i = 0; i < body.length; i++) c = VERHOEFF_D[c][VERHOEFF_P[(i + 1) % 8][body.charCodeAt(body.length - 1 - i) - 48]];
  return VERHOEFF_INV[c];
}

export function verhoeffValid(num: string): boolean {
  let c = 0;
  for (let i = 0; i < num.length; i++) c = VERHOEFF_D[c][VERHOEFF_P[i % 8][num.charCodeAt(num.length - 1 - i) - 48]];
  return c === 0;
}

/** Check character of a mainland China resident ID (ISO 7064 MOD 11-2). */
export function cnIdCheck(body17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += (body17.charCodeAt(i) - 48) * w[i];
  return '10X98765432'[s % 11];
}

const TW_LETTER: Record<string, number> = {
  A: 10, B: 11, C: 12, D: 13, E: 14, F: 15, G: 16, H: 17, I: 34, J: 18, K: 19, L: 20, M: 21, N: 22, O: 35, P: 23, Q: 24,
  R: 25, S: 26, T: 27, U: 28, V: 29, W: 32, X: 30, Y: 31, Z: 33,
};

/** Check digit of a Taiwan national ID: letter + 8 digits (first is 1 male / 2 female). */
export function twIdCheck(letter: string, digits8: string): number {
  const n = TW_LETTER[letter];
  let s = Math.floor(n / 10) + (n % 10) * 9;
  for (let i = 0; i < 8; i++) s += (digits8.charCodeAt(i) - 48) * (8 - i);
  return (10 - (s % 10)) % 10;
}

/** Check digit of a Thai citizen ID (13 digits, MOD 11). */
export function thIdCheck(body12: string): number {
  let s = 0;
  for (let i = 0; i < 12; i++) s += (body12.charCodeAt(i) - 48) * (13 - i);
  return (11 - (s % 11)) % 10;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function card(rng: Rng, bank: BankDef): string {
  const bin = rng.pick(bank.bins);
  const body = bin + rng.digits(bank.length - bin.length - 1);
  return body + luhnDigit(body);
}

/** A card number of one of the market's banks. */
export function cardNumber(rng: Rng, bank: BankDef): string {
  return card(rng, bank);
}

function groupThousands(n: number, sep = ','): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function yy(d: Date): string {
  return pad(d.getUTCFullYear() % 100, 2);
}

function ymd(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Vietnam

const VN_FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý', 'Đinh', 'Trương', 'Lâm', 'Mai'];
const VN_MIDDLE_M = ['Văn', 'Hữu', 'Đức', 'Minh', 'Quốc', 'Thành', 'Công', 'Xuân', 'Anh', 'Gia', 'Hoàng', 'Tiến'];
const VN_MIDDLE_F = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Phương', 'Mỹ', 'Kim', 'Bích', 'Hồng', 'Khánh', 'Thùy', 'Diệu'];
const VN_GIVEN_M = ['An', 'Bảo', 'Bình', 'Cường', 'Dũng', 'Duy', 'Đạt', 'Hải', 'Hiếu', 'Hoàng', 'Huy', 'Hùng', 'Khang', 'Khoa', 'Long', 'Minh', 'Nam', 'Nghĩa', 'Phong', 'Phúc', 'Quang', 'Quân', 'Sơn', 'Tài', 'Thắng', 'Thịnh', 'Trung', 'Tuấn', 'Việt', 'Vinh'];
const VN_GIVEN_F = ['Anh', 'Châu', 'Chi', 'Diệp', 'Dung', 'Giang', 'Hà', 'Hạnh', 'Hằng', 'Hiền', 'Hoa', 'Hương', 'Huyền', 'Lan', 'Linh', 'Loan', 'Mai', 'My', 'Nga', 'Ngân', 'Nhung', 'Oanh', 'Phượng', 'Quyên', 'Tâm', 'Thảo', 'Trang', 'Trinh', 'Tuyết', 'Vân', 'Yến'];
const VN_PHONE = ['032', '033', '034', '035', '036', '037', '038', '039', '056', '058', '070', '076', '077', '078', '079', '081', '082', '083', '084', '085', '086', '088', '089', '090', '091', '093', '094', '096', '097', '098'];
const VN_STREETS = ['Lê Lợi', 'Nguyễn Huệ', 'Trần Hưng Đạo', 'Hai Bà Trưng', 'Lý Thường Kiệt', 'Điện Biên Phủ', 'Cách Mạng Tháng Tám', 'Nguyễn Trãi', 'Lê Duẩn', 'Phan Chu Trinh', 'Hoàng Diệu', 'Nguyễn Văn Cừ', 'Võ Văn Tần', 'Pasteur', 'Bạch Đằng', 'Quang Trung'];

const vn: MarketData = {
  market: 'vn', currency: 'VND', tzOffsetMinutes: 420,
  amount: { min: 1_000_000, max: 10_000_000, step: 100_000 }, moneyRound: 1000,
  name(rng, g, family = rng.pick(VN_FAMILY)) {
    const full = `${family} ${rng.pick(g === 'M' ? VN_MIDDLE_M : VN_MIDDLE_F)} ${rng.pick(g === 'M' ? VN_GIVEN_M : VN_GIVEN_F)}`;
    return { full, family, father: `${family} ${rng.pick(VN_MIDDLE_M)} ${rng.pick(VN_GIVEN_M)}` };
  },
  phone: (rng) => rng.pick(VN_PHONE) + rng.digits(7),
  // Citizen ID card (CCCD): province code, century-and-gender digit, year of birth, 6 digits.
  idNumber: (rng, birth, g, r) => r.idCode + String((birth.getUTCFullYear() >= 2000 ? 2 : 0) + (g === 'F' ? 1 : 0)) + yy(birth) + rng.digits(6),
  taxId: (rng) => '8' + rng.digits(9),
  regions: [
    { region: 'Hà Nội', city: 'Hà Nội', districts: ['Ba Đình', 'Hoàn Kiếm', 'Đống Đa', 'Cầu Giấy', 'Hai Bà Trưng', 'Thanh Xuân', 'Long Biên', 'Hoàng Mai'], lat: 21.0285, lng: 105.8542, postcode: '100000', idCode: '001' },
    { region: 'TP. Hồ Chí Minh', city: 'TP. Hồ Chí Minh', districts: ['Quận 1', 'Quận 3', 'Quận 7', 'Quận 10', 'Bình Thạnh', 'Gò Vấp', 'Tân Bình', 'Phú Nhuận', 'Thủ Đức'], lat: 10.7769, lng: 106.7009, postcode: '700000', idCode: '079' },
    { region: 'Đà Nẵng', city: 'Đà Nẵng', districts: ['Hải Châu', 'Thanh Khê', 'Sơn Trà', 'Ngũ Hành Sơn', 'Liên Chiểu'], lat: 16.0544, lng: 108.2022, postcode: '550000', idCode: '048' },
    { region: 'Hải Phòng', city: 'Hải Phòng', districts: ['Hồng Bàng', 'Lê Chân', 'Ngô Quyền', 'Kiến An'], lat: 20.8449, lng: 106.6881, postcode: '180000', idCode: '031' },
    { region: 'Cần Thơ', city: 'Cần Thơ', districts: ['Ninh Kiều', 'Bình Thủy', 'Cái Răng'], lat: 10.0452, lng: 105.7469, postcode: '900000', idCode: '092' },
    { region: 'Bình Dương', city: 'Thủ Dầu Một', districts: ['Phú Cường', 'Hiệp Thành', 'Chánh Nghĩa'], lat: 10.9804, lng: 106.6519, postcode: '820000', idCode: '074' },
    { region: 'Đồng Nai', city: 'Biên Hòa', districts: ['Tân Phong', 'Trảng Dài', 'Long Bình'], lat: 10.9574, lng: 106.8427, postcode: '810000', idCode: '075' },
    { region: 'Khánh Hòa', city: 'Nha Trang', districts: ['Lộc Thọ', 'Vĩnh Hải', 'Phước Long'], lat: 12.2388, lng: 109.1967, postcode: '650000', idCode: '056' },
  ],
  address(rng, r) {
    const district = rng.pick(r.districts);
    const line = `Số ${rng.int(1, 450)} Đường ${rng.pick(VN_STREETS)}, Phường ${rng.int(1, 15)}`;
    const city = r.city === r.region ? r.region : `${r.city}, ${r.region}`;
    return { region: r.region, city: r.city, district, line, postcode: r.postcode, full: `${line}, ${district}, ${city}` };
  },
  company: (rng) => `Công ty ${rng.pick(['TNHH', 'Cổ phần'])} ${rng.pick(['Thương mại', 'Dịch vụ', 'Xây dựng', 'Điện tử', 'May mặc', 'Vận tải', 'Thực phẩm', 'Công nghệ'])} ${rng.pick(['Minh Phát', 'Hoàng Long', 'An Phú', 'Việt Tiến', 'Phương Nam', 'Bình An', 'Thành Công', 'Đại Việt', 'Sao Mai', 'Hưng Thịnh'])}`,
  occupations: ['Nhân viên văn phòng', 'Công nhân', 'Kế toán', 'Giáo viên', 'Tài xế', 'Nhân viên bán hàng', 'Kỹ sư', 'Y tá', 'Kinh doanh tự do', 'Thợ may', 'Đầu bếp', 'Bảo vệ'],
  banks: [
    { code: 'VCB', name: 'Vietcombank', bins: ['970436'], length: 16 },
    { code: 'ICB', name: 'VietinBank', bins: ['970415'], length: 16 },
    { code: 'BIDV', name: 'BIDV', bins: ['970418'], length: 16 },
    { code: 'VBA', name: 'Agribank', bins: ['970405'], length: 16 },
    { code: 'TCB', name: 'Techcombank', bins: ['970407'], length: 16 },
    { code: 'MB', name: 'MB Bank', bins: ['970422'], length: 16 },
    { code: 'ACB', name: 'ACB', bins: ['970416'], length: 16 },
    { code: 'VPB', name: 'VPBank', bins: ['970432'], length: 16 },
    { code: 'STB', name: 'Sacombank', bins: ['970403'], length: 16 },
    { code: 'TPB', name: 'TPBank', bins: ['970423'], length: 16 },
  ],
  religion: [['1', 70], ['2', 20], ['4', 8], ['6', 2]],
  sms: [
    'Mã xác thực của bạn là {code}. Không chia sẻ mã này với bất kỳ ai.',
    'TK {last4} +{amt}VND lúc {date}. SD: {bal}VND. Vietcombank',
    'Quý khách có khoản thanh toán đến hạn ngày {date}, vui lòng thanh toán đúng hạn.',
    'Chúc mừng! Bạn nhận được voucher giảm 50K cho đơn hàng tiếp theo trên Shopee.',
    'Mẹ ơi tối nay con về muộn nhé',
    'Anh đến chưa? Em đang đợi ở quán cà phê',
    'Viettel: Quý khách đã nạp thành công 100.000đ vào tài khoản.',
    'Mai 8h họp giao ban nhé mọi người',
  ],
  smsSenders: ['Vietcombank', 'Viettel', 'MoMo', 'Shopee', 'Techcombank', 'ZaloPay'],
  apps: [['Zalo', 'com.zing.zalo'], ['MoMo', 'com.mservice.momotransfer'], ['Shopee', 'com.shopee.vn'], ['Grab', 'com.grabtaxi.passenger'], ['ZaloPay', 'vn.com.vng.zalopay'], ['Tiki', 'vn.tiki.app.tikiandroid'], ['VCB Digibank', 'com.VCB'], ['Lazada', 'com.lazada.android'], ['Facebook', 'com.facebook.katana'], ['Messenger', 'com.facebook.orca'], ['TikTok', 'com.ss.android.ugc.trill'], ['YouTube', 'com.google.android.youtube'], ['Be', 'xyz.be.customer'], ['My Viettel', 'com.viettel.mbccs'], ['Techcombank Mobile', 'vn.com.techcombank.bb.app'], ['Google Maps', 'com.google.android.apps.maps'], ['Chrome', 'com.android.chrome'], ['Gmail', 'com.google.android.gm']],
  devices: ['Samsung Galaxy A14', 'Samsung Galaxy A54', 'OPPO A57', 'OPPO Reno8', 'Xiaomi Redmi Note 12', 'vivo Y22', 'realme C55', 'iPhone 13', 'iPhone 11'],
  ssids: ['VNPT-Home', 'Viettel_5G', 'FPT Telecom', 'TP-LINK_2.4G', 'Cafe Highlands', 'Phong 302'],
  money: (m) => groupThousands(m, '.'),
};

// ---------------------------------------------------------------------------------------------------------------
// China

const CN_FAMILY = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗', '郑', '梁', '谢', '宋', '唐'];
const CN_GIVEN_M = ['伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '刚', '平', '辉', '鹏', '浩', '宇', '俊杰', '志强', '建华', '子轩', '浩然', '文博', '家豪', '国庆', '海涛'];
const CN_GIVEN_F = ['芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '婷', '雪', '琳', '颖', '秀英', '桂英', '欣怡', '梓涵', '雨桐', '思琪', '佳怡', '晓燕', '玉兰', '丽华'];
const CN_PHONE = ['130', '131', '132', '133', '134', '135', '136', '137', '138', '139', '150', '151', '152', '153', '155', '156', '157', '158', '159', '176', '177', '178', '180', '181', '182', '183', '185', '186', '187', '188', '189', '198', '199'];
const CN_STREETS = ['人民路', '解放路', '中山路', '建设路', '和平路', '长江路', '文化路', '新华路', '东风路', '胜利路', '青年路', '学府路'];

const cn: MarketData = {
  market: 'cn', currency: 'CNY', tzOffsetMinutes: 480,
  amount: { min: 50_000, max: 500_000, step: 10_000 }, moneyRound: 1,
  name(rng, g, family = rng.pick(CN_FAMILY)) {
    return { full: family + rng.pick(g === 'M' ? CN_GIVEN_M : CN_GIVEN_F), family, father: family + rng.pick(CN_GIVEN_M) };
  },
  phone: (rng) => rng.pick(CN_PHONE) + rng.digits(8),
  // Resident ID: 6-digit division code, birth date, 3-digit sequence (odd for men), MOD 11-2 check.
  idNumber(rng, birth, g, r) {
    const seq = rng.digits(2) + String(rng.int(0, 4) * 2 + (g === 'M' ? 1 : 0));
    const body = r.idCode + ymd(birth) + seq;
    return body + cnIdCheck(body);
  },
  // Individuals file taxes under their resident ID number.
  taxId: (_rng, id) => id,
  regions: [
    { region: '北京市', city: '北京市', districts: ['东城区', '西城区', '朝阳区', '海淀区', '丰台区'], lat: 39.9042, lng: 116.4074, postcode: '100000', idCode: '110105' },
    { region: '上海市', city: '上海市', districts: ['浦东新区', '黄浦区', '徐汇区', '静安区', '闵行区'], lat: 31.2304, lng: 121.4737, postcode: '200000', idCode: '310115' },
    { region: '广东省', city: '广州市', districts: ['天河区', '越秀区', '海珠区', '白云区'], lat: 23.1291, lng: 113.2644, postcode: '510000', idCode: '440106' },
    { region: '广东省', city: '深圳市', districts: ['南山区', '福田区', '罗湖区', '宝安区'], lat: 22.5431, lng: 114.0579, postcode: '518000', idCode: '440305' },
    { region: '浙江省', city: '杭州市', districts: ['西湖区', '上城区', '拱墅区', '滨江区'], lat: 30.2741, lng: 120.1551, postcode: '310000', idCode: '330106' },
    { region: '四川省', city: '成都市', districts: ['武侯区', '锦江区', '青羊区', '成华区'], lat: 30.5728, lng: 104.0668, postcode: '610000', idCode: '510107' },
    { region: '湖北省', city: '武汉市', districts: ['武昌区', '江汉区', '洪山区'], lat: 30.5928, lng: 114.3055, postcode: '430000', idCode: '420106' },
    { region: '江苏省', city: '南京市', districts: ['玄武区', '鼓楼区', '秦淮区'], lat: 32.0603, lng: 118.7969, postcode: '210000', idCode: '320102' },
  ],
  address(rng, r) {
    const district = rng.pick(r.districts);
    const line = `${rng.pick(CN_STREETS)}${rng.int(1, 399)}号${rng.int(1, 30)}栋${rng.int(1, 32)}${pad(rng.int(1, 8), 2)}室`;
    const head = r.city === r.region ? r.region : r.region + r.city;
    return { region: r.region, city: r.city, district, line, postcode: r.postcode, full: head + district + line };
  },
  company: (rng, r) => `${r.city.replace(/市$/, '')}${rng.pick(['华瑞', '恒通', '鑫达', '宏远', '盛世', '金泰', '天成', '嘉禾', '新锐', '博源'])}${rng.pick(['科技', '贸易', '物流', '建筑工程', '餐饮管理', '电子', '服装', '文化传媒'])}有限公司`,
  occupations: ['职员', '工人', '会计', '教师', '司机', '销售', '工程师', '护士', '个体户', '厨师', '保安', '快递员'],
  banks: [
    { code: 'ICBC', name: '中国工商银行', bins: ['622202', '621226'], length: 19 },
    { code: 'CCB', name: '中国建设银行', bins: ['621700', '622700'], length: 19 },
    { code: 'ABC', name: '中国农业银行', bins: ['622848', '622845'], length: 19 },
    { code: 'BOC', name: '中国银行', bins: ['621661', '621785'], length: 19 },
    { code: 'CMB', name: '招商银行', bins: ['622588', '621483'], length: 16 },
    { code: 'COMM', name: '交通银行', bins: ['622260', '622262'], length: 19 },
    { code: 'PSBC', name: '中国邮政储蓄银行', bins: ['621799', '622188'], length: 19 },
  ],
  religion: [['1', 85], ['2', 10], ['4', 3], ['3', 2]],
  sms: [
    '【验证码】您的验证码是{code}，5分钟内有效，请勿泄露。',
    '您尾号{last4}的储蓄卡{date}收入人民币{amt}元，余额{bal}元。【工商银行】',
    '【美团】您的外卖订单已送达，祝您用餐愉快。',
    '妈，我这周末回家吃饭。',
    '今晚加班，晚点到家。',
    '【京东】您的订单已发货，请注意查收。',
    '【中国移动】您本月话费账单为58.00元。',
    '【还款提醒】您的账单将于{date}到期，应还{amt}元。',
  ],
  smsSenders: ['95588', '10086', '95533', '106575', '95555', '10010'],
  apps: [['微信', 'com.tencent.mm'], ['支付宝', 'com.eg.android.AlipayGphone'], ['淘宝', 'com.taobao.taobao'], ['抖音', 'com.ss.android.ugc.aweme'], ['美团', 'com.sankuai.meituan'], ['京东', 'com.jingdong.app.mall'], ['拼多多', 'com.xunmeng.pinduoduo'], ['QQ', 'com.tencent.mobileqq'], ['高德地图', 'com.autonavi.minimap'], ['百度', 'com.baidu.searchbox'], ['微博', 'com.sina.weibo'], ['哔哩哔哩', 'tv.danmaku.bili'], ['快手', 'com.smile.gifmaker'], ['饿了么', 'me.ele'], ['小红书', 'com.xingin.xhs'], ['滴滴出行', 'com.sdu.didi.psnger'], ['云闪付', 'com.unionpay'], ['招商银行', 'cmb.pb']],
  devices: ['Huawei Mate 60', 'Huawei nova 11', 'Xiaomi 14', 'Redmi K70', 'OPPO Reno11', 'vivo X100', 'Honor 90', 'iPhone 15', 'iPhone 13'],
  ssids: ['ChinaNet-5G', 'CMCC-Home', 'TP-LINK_8F2A', 'MERCURY_2.4G', '办公室WiFi', '星巴克'],
  money: (m) => groupThousands(m / 100) + '.' + pad(m % 100, 2),
};

// ---------------------------------------------------------------------------------------------------------------
// Taiwan

const TW_FAMILY = ['陳', '林', '黃', '張', '李', '王', '吳', '劉', '蔡', '楊', '許', '鄭', '謝', '洪', '郭', '邱', '曾', '廖', '賴', '徐', '周', '葉', '蘇', '莊', '呂'];
const TW_GIVEN_M = ['家豪', '志明', '俊傑', '建宏', '宗翰', '冠宇', '承恩', '柏翰', '彥廷', '冠廷', '志偉', '明輝', '俊宏', '育誠', '信宏', '國華'];
const TW_GIVEN_F = ['怡君', '雅婷', '淑芬', '美玲', '欣怡', '詩涵', '佳穎', '雅雯', '宜蓁', '郁婷', '惠雯', '家瑜', '怡萱', '筱涵', '靜怡', '麗華'];
const TW_STREETS = ['忠孝東路四段', '信義路五段', '中山北路二段', '民生東路三段', '復興南路一段', '文化路二段', '中正路', '民族路', '成功路', '公益路', '中華路一段', '建國路'];

const tw: MarketData = {
  market: 'tw', currency: 'TWD', tzOffsetMinutes: 480,
  amount: { min: 300_000, max: 3_000_000, step: 100_000 }, moneyRound: 100,
  name(rng, g, family = rng.pick(TW_FAMILY)) {
    return { full: family + rng.pick(g === 'M' ? TW_GIVEN_M : TW_GIVEN_F), family, father: family + rng.pick(TW_GIVEN_M) };
  },
  phone: (rng) => '09' + rng.digits(8),
  // National ID: household-registration letter, 1 (men) or 2 (women), 7 digits, check digit.
  idNumber(rng, _birth, g, r) {
    const digits8 = (g === 'M' ? '1' : '2') + rng.digits(7);
    return r.idCode + digits8 + twIdCheck(r.idCode, digits8);
  },
  taxId: (_rng, id) => id,
  regions: [
    { region: '臺北市', city: '臺北市', districts: ['大安區', '信義區', '中山區', '松山區', '內湖區', '士林區'], lat: 25.033, lng: 121.5654, postcode: '106', idCode: 'A' },
    { region: '新北市', city: '新北市', districts: ['板橋區', '新莊區', '中和區', '三重區', '新店區'], lat: 25.012, lng: 121.4657, postcode: '220', idCode: 'F' },
    { region: '桃園市', city: '桃園市', districts: ['桃園區', '中壢區', '蘆竹區'], lat: 24.9936, lng: 121.301, postcode: '330', idCode: 'H' },
    { region: '臺中市', city: '臺中市', districts: ['西屯區', '北屯區', '南屯區', '西區'], lat: 24.1477, lng: 120.6736, postcode: '407', idCode: 'B' },
    { region: '臺南市', city: '臺南市', districts: ['東區', '中西區', '永康區'], lat: 22.9999, lng: 120.227, postcode: '701', idCode: 'D' },
    { region: '高雄市', city: '高雄市', districts: ['前鎮區', '苓雅區', '三民區', '左營區'], lat: 22.6273, lng: 120.3014, postcode: '806', idCode: 'E' },
  ],
  address(rng, r) {
    const district = rng.pick(r.districts);
    const line = `${rng.pick(TW_STREETS)}${rng.int(1, 300)}號${rng.int(2, 15)}樓`;
    return { region: r.region, city: r.city, district, line, postcode: r.postcode, full: `${r.postcode}${r.city}${district}${line}` };
  },
  company: (rng) => `${rng.pick(['昇陽', '宏昌', '永信', '聯興', '建成', '德豐', '華新', '元利', '東昇', '信達'])}${rng.pick(['科技', '貿易', '企業', '實業', '電子', '餐飲', '物流', '建設'])}${rng.pick(['股份有限公司', '有限公司'])}`,
  occupations: ['上班族', '工程師', '業務', '會計', '教師', '司機', '護理師', '服務業', '自營商', '廚師', '保全', '作業員'],
  banks: [
    { code: '004', name: '臺灣銀行', bins: ['437360', '455260'], length: 16 },
    { code: '005', name: '臺灣土地銀行', bins: ['436595', '524286'], length: 16 },
    { code: '006', name: '合作金庫商業銀行', bins: ['409681', '520081'], length: 16 },
    { code: '007', name: '第一商業銀行', bins: ['437358', '540520'], length: 16 },
    { code: '008', name: '華南商業銀行', bins: ['405760', '552225'], length: 16 },
    { code: '012', name: '台北富邦商業銀行', bins: ['404148', '552204'], length: 16 },
    { code: '013', name: '國泰世華商業銀行', bins: ['402679', '540735'], length: 16 },
    { code: '808', name: '玉山商業銀行', bins: ['404176', '518167'], length: 16 },
    { code: '812', name: '台新國際商業銀行', bins: ['406261', '542465'], length: 16 },
    { code: '822', name: '中國信託商業銀行', bins: ['404147', '540922'], length: 16 },
  ],
  religion: [['2', 35], ['1', 30], ['6', 25], ['4', 10]],
  sms: [
    '【驗證碼】您的驗證碼為{code}，請於5分鐘內輸入，勿告知他人。',
    '您的帳戶末四碼{last4}於{date}入帳新臺幣{amt}元，餘額{bal}元。【國泰世華】',
    '【蝦皮購物】您的包裹已送達門市，請於7日內取件。',
    '媽，我今天晚上不回家吃飯。',
    '明天早上九點開會，別遲到喔。',
    '【中華電信】您本期帳單金額為599元，繳費期限{date}。',
    '【繳款提醒】您的帳款{amt}元將於{date}到期。',
  ],
  smsSenders: ['國泰世華', '中華電信', '蝦皮購物', '玉山銀行', '台灣大哥大', '0911510914'],
  apps: [['LINE', 'jp.naver.line.android'], ['街口支付', 'com.jkos.app'], ['蝦皮購物', 'com.shopee.tw'], ['momo購物', 'com.momo.mobile.shoppingv2'], ['Uber Eats', 'com.ubercab.eats'], ['foodpanda', 'com.global.foodpanda.android'], ['Facebook', 'com.facebook.katana'], ['Instagram', 'com.instagram.android'], ['YouTube', 'com.google.android.youtube'], ['Dcard', 'com.sparkslab.dcardreader'], ['國泰世華CUBE', 'com.cathaybk.mymobibank.android'], ['LINE Pay', 'com.linepay.tw'], ['Google Maps', 'com.google.android.apps.maps'], ['PChome 24h', 'com.pchome.m24h'], ['全聯福利中心', 'com.pxmart.android'], ['Yahoo奇摩', 'com.yahoo.mobile.client.android.yahoo'], ['Chrome', 'com.android.chrome']],
  devices: ['iPhone 14', 'iPhone 15', 'Samsung Galaxy S23', 'Samsung Galaxy A54', 'ASUS Zenfone 10', 'OPPO Reno10', 'Google Pixel 8', 'Xiaomi 13T'],
  ssids: ['CHT-WiFi', 'TWM_5G', 'ASUS_2G', 'iTaiwan', '7-ELEVEN', 'Home_5G'],
  money: (m) => groupThousands(m / 100),
};

// ---------------------------------------------------------------------------------------------------------------
// Egypt

const EG_GIVEN_M = ['محمد', 'أحمد', 'محمود', 'مصطفى', 'علي', 'حسن', 'حسين', 'عمر', 'خالد', 'يوسف', 'إبراهيم', 'عبد الله', 'طارق', 'كريم', 'عمرو', 'هشام', 'وليد', 'سامح', 'أيمن', 'شريف'];
const EG_GIVEN_F = ['فاطمة', 'مريم', 'نور', 'سارة', 'هبة', 'منى', 'ياسمين', 'آية', 'دينا', 'رانيا', 'إيمان', 'نادية', 'سلمى', 'هدى', 'رحاب'];
const EG_FAMILY = ['السيد', 'عبد الرحمن', 'حسن', 'إبراهيم', 'مصطفى', 'عبد العزيز', 'الشريف', 'المصري', 'سليمان', 'عثمان', 'النجار', 'الشافعي', 'فؤاد', 'منصور', 'رمضان'];
const EG_STREETS = ['شارع التحرير', 'شارع الهرم', 'شارع جامعة الدول العربية', 'شارع فيصل', 'شارع عباس العقاد', 'شارع مصطفى النحاس', 'شارع الجمهورية', 'شارع بورسعيد', 'شارع 26 يوليو', 'شارع النيل', 'شارع الثورة', 'شارع البحر'];

const eg: MarketData = {
  market: 'eg', currency: 'EGP', tzOffsetMinutes: 120,
  amount: { min: 100_000, max: 1_500_000, step: 50_000 }, moneyRound: 100,
  // Given name, father's given name, family (grandfather's) name.
  name(rng, g, family = rng.pick(EG_FAMILY)) {
    const father = `${rng.pick(EG_GIVEN_M)} ${family}`;
    return { full: `${rng.pick(g === 'M' ? EG_GIVEN_M : EG_GIVEN_F)} ${father}`, family, father };
  },
  phone: (rng) => '01' + rng.pick(['0', '1', '2', '5']) + rng.digits(8),
  // National ID: century (2 = 1900s, 3 = 2000s), YYMMDD, governorate, 3-digit sequence, gender digit (odd men), check.
  idNumber(rng, birth, g, r) {
    const century = birth.getUTCFullYear() >= 2000 ? '3' : '2';
    const genderDigit = String(rng.int(0, 4) * 2 + (g === 'M' ? 1 : 0));
    return century + ymd(birth).slice(2) + r.idCode + rng.digits(3) + genderDigit + rng.int(1, 9);
  },
  taxId: (rng) => `${rng.int(100, 999)}-${rng.digits(3)}-${rng.digits(3)}`,
  regions: [
    { region: 'القاهرة', city: 'القاهرة', districts: ['مدينة نصر', 'مصر الجديدة', 'المعادي', 'الزمالك', 'شبرا', 'حلوان'], lat: 30.0444, lng: 31.2357, postcode: '11511', idCode: '01' },
    { region: 'الجيزة', city: 'الجيزة', districts: ['الدقي', 'المهندسين', 'الهرم', 'فيصل', 'السادس من أكتوبر'], lat: 30.0131, lng: 31.2089, postcode: '12511', idCode: '21' },
    { region: 'الإسكندرية', city: 'الإسكندرية', districts: ['سموحة', 'سيدي جابر', 'المنتزه', 'العجمي'], lat: 31.2001, lng: 29.9187, postcode: '21500', idCode: '02' },
    { region: 'القليوبية', city: 'بنها', districts: ['بنها', 'شبرا الخيمة', 'قليوب'], lat: 30.466, lng: 31.1848, postcode: '13511', idCode: '14' },
    { region: 'الشرقية', city: 'الزقازيق', districts: ['الزقازيق', 'منيا القمح', 'بلبيس'], lat: 30.5877, lng: 31.502, postcode: '44511', idCode: '13' },
    { region: 'الدقهلية', city: 'المنصورة', districts: ['المنصورة', 'طلخا', 'ميت غمر'], lat: 31.0409, lng: 31.3785, postcode: '35511', idCode: '12' },
    { region: 'أسيوط', city: 'أسيوط', districts: ['أسيوط', 'ديروط', 'منفلوط'], lat: 27.1809, lng: 31.1837, postcode: '71511', idCode: '25' },
  ],
  address(rng, r) {
    const district = rng.pick(r.districts);
    const line = `${rng.int(1, 250)} ${rng.pick(EG_STREETS)}، شقة ${rng.int(1, 30)}`;
    const city = r.city === r.region ? r.region : `${r.city}، ${r.region}`;
    return { region: r.region, city: r.city, district, line, postcode: r.postcode, full: `${line}، ${district}، ${city}` };
  },
  company: (rng) => `شركة ${rng.pick(['النيل', 'الأهرام', 'الدلتا', 'المستقبل', 'النور', 'الفجر', 'الأمل', 'الريادة'])} ${rng.pick(['للتجارة', 'للمقاولات', 'للصناعات الغذائية', 'للاستثمار', 'للنقل', 'للتكنولوجيا', 'للملابس الجاهزة'])}`,
  occupations: ['موظف', 'عامل', 'محاسب', 'مدرس', 'سائق', 'مندوب مبيعات', 'مهندس', 'ممرضة', 'صاحب عمل حر', 'طباخ', 'فرد أمن', 'فني'],
  banks: [
    { code: 'NBE', name: 'البنك الأهلي المصري', bins: ['507803', '421345'], length: 16 },
    { code: 'BM', name: 'بنك مصر', bins: ['507808', '454312'], length: 16 },
    { code: 'CIB', name: 'البنك التجاري الدولي', bins: ['427845', '526402'], length: 16 },
    { code: 'BDC', name: 'بنك القاهرة', bins: ['507811', '446291'], length: 16 },
    { code: 'ALEX', name: 'بنك الإسكندرية', bins: ['419245', '537854'], length: 16 },
    { code: 'QNB', name: 'بنك قطر الوطني الأهلي', bins: ['464416', '549184'], length: 16 },
  ],
  religion: [['3', 90], ['4', 10]],
  sms: [
    'رمز التحقق الخاص بك هو {code}. لا تشاركه مع أي شخص.',
    'تم إيداع {amt} جنيه في حسابك المنتهي بـ {last4}. الرصيد المتاح {bal} جنيه.',
    'عميلنا العزيز، قسطك مستحق بتاريخ {date}. برجاء السداد في الموعد.',
    'أنا في الطريق، هوصل بعد ربع ساعة',
    'كل سنة وانت طيب يا حبيبي',
    'تم شحن رصيدك بمبلغ 50 جنيه بنجاح. فودافون',
    'طلبك من طلبات في الطريق إليك',
  ],
  smsSenders: ['NBE', 'Vodafone', 'CIB', 'Banque Misr', 'Talabat', 'Etisalat'],
  apps: [['فودافون كاش', 'com.emeint.android.myservices'], ['InstaPay', 'com.egyptianbanks.instapay'], ['فوري', 'com.fawry.myfawry'], ['طلبات', 'com.talabat'], ['Uber', 'com.ubercab'], ['WhatsApp', 'com.whatsapp'], ['Facebook', 'com.facebook.katana'], ['جوميا', 'com.jumia.android'], ['نون', 'com.noon.buyerapp'], ['CIB Mobile', 'com.cib.mobilebanking'], ['Careem', 'com.careem.acma'], ['TikTok', 'com.zhiliaoapp.musically'], ['YouTube', 'com.google.android.youtube'], ['Instagram', 'com.instagram.android'], ['Telegram', 'org.telegram.messenger'], ['Chrome', 'com.android.chrome']],
  devices: ['Samsung Galaxy A34', 'Samsung Galaxy A14', 'OPPO A78', 'Xiaomi Redmi 12', 'realme 11', 'Infinix Hot 30', 'Tecno Spark 10', 'iPhone 13'],
  ssids: ['WE_Home', 'Vodafone_ADSL', 'Orange-5G', 'TEDATA', 'Cafe_WiFi', 'Home'],
  money: (m) => groupThousands(m / 100),
};

// ---------------------------------------------------------------------------------------------------------------
// Thailand

const TH_GIVEN_M = ['สมชาย', 'สมศักดิ์', 'ประเสริฐ', 'วิชัย', 'สุนทร', 'อนุชา', 'กิตติศักดิ์', 'ณัฐพล', 'ธนากร', 'พงศกร', 'ชัยวัฒน์', 'ศุภชัย', 'วีระพงษ์', 'อภิชาติ', 'ธีรวัฒน์'];
const TH_GIVEN_F = ['สุดารัตน์', 'กาญจนา', 'วราภรณ์', 'นภัสสร', 'ปิยะนุช', 'ศิริพร', 'อรุณี', 'จันทร์เพ็ญ', 'พิมพ์ชนก', 'มาลัย', 'รัตนา', 'สุภาพร', 'ณัฐธิดา', 'ปวีณา', 'กมลวรรณ'];
const TH_FAMILY = ['ศรีสุข', 'ทองดี', 'แสงทอง', 'บุญมา', 'วงศ์สวัสดิ์', 'สุขสวัสดิ์', 'จันทร์แก้ว', 'ใจดี', 'พรหมมา', 'สายทอง', 'ศรีวงศ์', 'แก้วมณี', 'ทองคำ', 'บุญเรือง', 'รุ่งเรือง'];
const TH_STREETS = ['ถนนสุขุมวิท', 'ถนนพระราม 4', 'ถนนสีลม', 'ถนนพหลโยธิน', 'ถนนรัชดาภิเษก', 'ถนนเพชรบุรี', 'ถนนมิตรภาพ', 'ถนนนิมมานเหมินท์', 'ถนนงามวงศ์วาน', 'ถนนเทพกระษัตรี'];

const th: MarketData = {
  market: 'th', currency: 'THB', tzOffsetMinutes: 420,
  amount: { min: 200_000, max: 2_000_000, step: 50_000 }, moneyRound: 100,
  name(rng, g, family = rng.pick(TH_FAMILY)) {
    return { full: `${rng.pick(g === 'M' ? TH_GIVEN_M : TH_GIVEN_F)} ${family}`, family, father: `${rng.pick(TH_GIVEN_M)} ${family}` };
  },
  phone: (rng) => '0' + rng.pick(['6', '8', '9']) + rng.digits(8),
  // Citizen ID: 13 digits, MOD 11 check.
  idNumber(rng) {
    const body = String(rng.int(1, 8)) + rng.digits(11);
    return body + thIdCheck(body);
  },
  taxId: (_rng, id) => id,
  regions: [
    { region: 'กรุงเทพมหานคร', city: 'กรุงเทพมหานคร', districts: ['เขตปทุมวัน', 'เขตคลองเตย', 'เขตบางรัก', 'เขตจตุจักร', 'เขตห้วยขวาง', 'เขตบางนา'], lat: 13.7563, lng: 100.5018, postcode: '10110', idCode: '10' },
    { region: 'นนทบุรี', city: 'นนทบุรี', districts: ['อำเภอเมืองนนทบุรี', 'อำเภอปากเกร็ด'], lat: 13.8621, lng: 100.5144, postcode: '11000', idCode: '12' },
    { region: 'เชียงใหม่', city: 'เชียงใหม่', districts: ['อำเภอเมืองเชียงใหม่', 'อำเภอสันทราย'], lat: 18.7883, lng: 98.9853, postcode: '50000', idCode: '50' },
    { region: 'ขอนแก่น', city: 'ขอนแก่น', districts: ['อำเภอเมืองขอนแก่น', 'อำเภอบ้านฝาง'], lat: 16.4419, lng: 102.836, postcode: '40000', idCode: '40' },
    { region: 'ชลบุรี', city: 'ชลบุรี', districts: ['อำเภอเมืองชลบุรี', 'อำเภอบางละมุง'], lat: 13.3611, lng: 100.9847, postcode: '20000', idCode: '20' },
    { region: 'ภูเก็ต', city: 'ภูเก็ต', districts: ['อำเภอเมืองภูเก็ต', 'อำเภอกะทู้'], lat: 7.8804, lng: 98.3923, postcode: '83000', idCode: '83' },
    { region: 'นครราชสีมา', city: 'นครราชสีมา', districts: ['อำเภอเมืองนครราชสีมา', 'อำเภอปากช่อง'], lat: 14.9799, lng: 102.0978, postcode: '30000', idCode: '30' },
  ],
  address(rng, r) {
    const district = rng.pick(r.districts);
    const line = `${rng.int(1, 399)}/${rng.int(1, 99)} ${rng.pick(TH_STREETS)}`;
    return { region: r.region, city: r.city, district, line, postcode: r.postcode, full: `${line} ${district} ${r.region} ${r.postcode}` };
  },
  company: (rng) => `บริษัท ${rng.pick(['สยามเทรดดิ้ง', 'ไทยพัฒนา', 'รุ่งเรืองกิจ', 'ศรีสยามการค้า', 'บางกอกโลจิสติกส์', 'เจริญพาณิชย์', 'ทองไทยอุตสาหกรรม', 'นครชัยบริการ'])} จำกัด`,
  occupations: ['พนักงานบริษัท', 'พนักงานโรงงาน', 'นักบัญชี', 'ครู', 'คนขับรถ', 'พนักงานขาย', 'วิศวกร', 'พยาบาล', 'ค้าขาย', 'พ่อครัว', 'พนักงานรักษาความปลอดภัย', 'ช่างเทคนิค'],
  banks: [
    { code: 'KBANK', name: 'ธนาคารกสิกรไทย', bins: ['409220', '552372'], length: 16 },
    { code: 'SCB', name: 'ธนาคารไทยพาณิชย์', bins: ['412935', '545620'], length: 16 },
    { code: 'BBL', name: 'ธนาคารกรุงเทพ', bins: ['420781', '532418'], length: 16 },
    { code: 'KTB', name: 'ธนาคารกรุงไทย', bins: ['428404', '557845'], length: 16 },
    { code: 'BAY', name: 'ธนาคารกรุงศรีอยุธยา', bins: ['433271', '524176'], length: 16 },
    { code: 'TTB', name: 'ธนาคารทหารไทยธนชาต', bins: ['446219', '548876'], length: 16 },
    { code: 'GSB', name: 'ธนาคารออมสิน', bins: ['457143', '621354'], length: 16 },
  ],
  religion: [['2', 92], ['3', 5], ['4', 2], ['6', 1]],
  sms: [
    'รหัส OTP ของคุณคือ {code} (Ref: KXQW) ห้ามบอกรหัสนี้แก่ผู้อื่น',
    'เงินเข้าบัญชี x{last4} จำนวน {amt} บาท คงเหลือ {bal} บาท',
    'แจ้งเตือน: ยอดชำระของท่านครบกำหนดวันที่ {date}',
    'แม่จ๋า เย็นนี้กลับบ้านดึกนะ',
    'ถึงแล้วโทรหาด้วยนะ',
    'Shopee: พัสดุของคุณถูกจัดส่งแล้ว',
    'AIS: ท่านได้รับโบนัสเน็ต 5GB ใช้ได้ 7 วัน',
  ],
  smsSenders: ['KBank', 'SCB', 'AIS', 'TrueMove', 'Shopee', 'Krungthai'],
  apps: [['LINE', 'jp.naver.line.android'], ['TrueMoney', 'th.co.truemoney.wallet'], ['K PLUS', 'com.kasikorn.retail.mbanking.wap'], ['SCB EASY', 'com.scb.phone'], ['Shopee', 'com.shopee.th'], ['Lazada', 'com.lazada.android'], ['Grab', 'com.grabtaxi.passenger'], ['LINE MAN', 'com.linecorp.linemanth'], ['Facebook', 'com.facebook.katana'], ['TikTok', 'com.ss.android.ugc.trill'], ['เป๋าตัง', 'ktbcs.netbank'], ['Krungthai NEXT', 'ktbcs.netbank.next'], ['YouTube', 'com.google.android.youtube'], ['Messenger', 'com.facebook.orca'], ['Instagram', 'com.instagram.android'], ['Chrome', 'com.android.chrome']],
  devices: ['Samsung Galaxy A54', 'Samsung Galaxy A24', 'OPPO A98', 'vivo V29', 'Xiaomi Redmi Note 13', 'iPhone 14', 'realme C67', 'iPhone 12'],
  ssids: ['AIS_Fibre', 'True_Home_5G', '3BB_WiFi', 'TOT_2.4G', 'Starbucks', 'Home_Net'],
  money: (m) => groupThousands(m / 100),
};

// ---------------------------------------------------------------------------------------------------------------
// India

const IN_GIVEN_M = ['Aarav', 'Vivaan', 'Aditya', 'Arjun', 'Rohan', 'Rahul', 'Amit', 'Vikram', 'Sanjay', 'Rajesh', 'Suresh', 'Karthik', 'Manoj', 'Deepak', 'Anil', 'Ravi', 'Nikhil', 'Harsh'];
const IN_GIVEN_F = ['Priya', 'Ananya', 'Aditi', 'Kavya', 'Neha', 'Pooja', 'Sneha', 'Divya', 'Lakshmi', 'Anjali', 'Meera', 'Swati', 'Shreya', 'Nisha', 'Ritu', 'Sunita'];
const IN_FAMILY = ['Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Reddy', 'Iyer', 'Nair', 'Das', 'Mehta', 'Joshi', 'Rao', 'Chatterjee', 'Mukherjee', 'Yadav', 'Khan', 'Pillai', 'Desai', 'Agarwal'];
const IN_STREETS = ['MG Road', 'Station Road', 'Nehru Street', 'Gandhi Road', '1st Cross Road', '2nd Main Road', 'Link Road', 'Ring Road', 'Church Street', 'Temple Road'];
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const india: MarketData = {
  market: 'in', currency: 'INR', tzOffsetMinutes: 330,
  amount: { min: 200_000, max: 3_000_000, step: 50_000 }, moneyRound: 100,
  name(rng, g, family = rng.pick(IN_FAMILY)) {
    return { full: `${rng.pick(g === 'M' ? IN_GIVEN_M : IN_GIVEN_F)} ${family}`, family, father: `${rng.pick(IN_GIVEN_M)} ${family}` };
  },
  phone: (rng) => String(rng.int(6, 9)) + rng.digits(9),
  // Aadhaar: 12 digits, first 2–9, Verhoeff check digit.
  idNumber(rng) {
    const body = String(rng.int(2, 9)) + rng.digits(10);
    return body + verhoeffDigit(body);
  },
  // PAN: 3 letters, P (individual), first letter of the surname, 4 digits, a letter.
  taxId: (rng, _id, n) => rng.chars(3, UPPER) + 'P' + n.family[0].toUpperCase() + rng.digits(4) + rng.chars(1, UPPER),
  regions: [
    { region: 'Maharashtra', city: 'Mumbai', districts: ['Andheri West', 'Bandra', 'Powai', 'Dadar'], lat: 19.076, lng: 72.8777, postcode: '400053', idCode: '27' },
    { region: 'Maharashtra', city: 'Pune', districts: ['Kothrud', 'Hinjewadi', 'Baner'], lat: 18.5204, lng: 73.8567, postcode: '411038', idCode: '27' },
    { region: 'Karnataka', city: 'Bengaluru', districts: ['Indiranagar', 'Koramangala', 'Whitefield', 'Jayanagar'], lat: 12.9716, lng: 77.5946, postcode: '560038', idCode: '29' },
    { region: 'Delhi', city: 'New Delhi', districts: ['Karol Bagh', 'Lajpat Nagar', 'Dwarka', 'Rohini'], lat: 28.6139, lng: 77.209, postcode: '110005', idCode: '07' },
    { region: 'Tamil Nadu', city: 'Chennai', districts: ['T. Nagar', 'Adyar', 'Velachery', 'Anna Nagar'], lat: 13.0827, lng: 80.2707, postcode: '600017', idCode: '33' },
    { region: 'Telangana', city: 'Hyderabad', districts: ['Banjara Hills', 'Gachibowli', 'Madhapur', 'Kukatpally'], lat: 17.385, lng: 78.4867, postcode: '500034', idCode: '36' },
    { region: 'West Bengal', city: 'Kolkata', districts: ['Salt Lake', 'Ballygunge', 'Behala'], lat: 22.5726, lng: 88.3639, postcode: '700019', idCode: '19' },
    { region: 'Uttar Pradesh', city: 'Lucknow', districts: ['Gomti Nagar', 'Hazratganj', 'Aliganj'], lat: 26.8467, lng: 80.9462, postcode: '226010', idCode: '09' },
  ],
  address(rng, r) {
    const district = rng.pick(r.districts);
    const line = rng.chance(0.5)
      ? `Flat ${rng.int(1, 20)}0${rng.int(1, 9)}, ${rng.pick(['Shanti', 'Sai Krupa', 'Green Park', 'Lakeview', 'Sunrise', 'Ganga'])} Apartments, ${rng.pick(IN_STREETS)}`
      : `House No. ${rng.int(1, 999)}, ${rng.pick(IN_STREETS)}`;
    return { region: r.region, city: r.city, district, line, postcode: r.postcode, full: `${line}, ${district}, ${r.city}, ${r.region} ${r.postcode}` };
  },
  company: (rng) => `${rng.pick(['Sai Balaji', 'Shree Ganesh', 'Om Sai', 'Bharat', 'Sunrise', 'Apex', 'Lotus', 'Nova'])} ${rng.pick(['Traders', 'Logistics', 'Textiles', 'Infotech', 'Constructions', 'Foods', 'Enterprises'])} Pvt. Ltd.`,
  occupations: ['Office executive', 'Factory worker', 'Accountant', 'Teacher', 'Driver', 'Sales executive', 'Software engineer', 'Nurse', 'Shop owner', 'Cook', 'Security guard', 'Delivery partner'],
  banks: [
    { code: 'SBIN', name: 'State Bank of India', bins: ['607153', '459150'], length: 16 },
    { code: 'HDFC', name: 'HDFC Bank', bins: ['608001', '436390'], length: 16 },
    { code: 'ICIC', name: 'ICICI Bank', bins: ['607290', '447747'], length: 16 },
    { code: 'UTIB', name: 'Axis Bank', bins: ['607384', '471860'], length: 16 },
    { code: 'PUNB', name: 'Punjab National Bank', bins: ['607195', '524178'], length: 16 },
    { code: 'KKBK', name: 'Kotak Mahindra Bank', bins: ['608326', '416644'], length: 16 },
    { code: 'BARB', name: 'Bank of Baroda', bins: ['607261', '468805'], length: 16 },
  ],
  religion: [['5', 80], ['3', 14], ['4', 3], ['6', 3]],
  sms: [
    'Your OTP for login is {code}. Do not share it with anyone.',
    'Rs.{amt} credited to A/c XX{last4} on {date}. Avl Bal Rs.{bal} -SBI',
    'Your EMI of Rs.{amt} is due on {date}. Please keep sufficient balance.',
    'Reached office, will call you later',
    'Happy birthday bhai! Party kab?',
    'Your Swiggy order is out for delivery.',
    'Jio: 1.5GB daily data pack recharged successfully.',
  ],
  smsSenders: ['VM-SBIINB', 'AD-HDFCBK', 'JM-JIOINF', 'VK-SWIGGY', 'AX-ICICIB', 'BZ-AIRTEL'],
  apps: [['PhonePe', 'com.phonepe.app'], ['Google Pay', 'com.google.android.apps.nbu.paisa.user'], ['Paytm', 'net.one97.paytm'], ['WhatsApp', 'com.whatsapp'], ['Swiggy', 'in.swiggy.android'], ['Zomato', 'com.application.zomato'], ['Flipkart', 'com.flipkart.android'], ['Amazon', 'in.amazon.mShop.android.shopping'], ['Instagram', 'com.instagram.android'], ['YONO SBI', 'com.sbi.lotusintouch'], ['Ola', 'com.olacabs.customer'], ['MyJio', 'com.jio.myjio'], ['Truecaller', 'com.truecaller'], ['Meesho', 'com.meesho.supply'], ['YouTube', 'com.google.android.youtube'], ['Chrome', 'com.android.chrome']],
  devices: ['Redmi Note 12', 'Samsung Galaxy M14', 'realme Narzo 60', 'vivo T2', 'OnePlus Nord CE 3', 'POCO X5', 'iPhone 13', 'Samsung Galaxy A14'],
  ssids: ['JioFiber-5G', 'Airtel_Xstream', 'ACT_Home', 'BSNL_FTTH', 'Office_WiFi', 'Home_2.4G'],
  money: (m) => {
    // Indian grouping: 12,34,567.
    const whole = Math.round(m / 100).toString();
    const last3 = whole.slice(-3);
    const rest = whole.slice(0, -3);
    return rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}` : last3;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// English (United States)

const EN_GIVEN_M = ['James', 'John', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Joseph', 'Thomas', 'Christopher', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Steven', 'Brian', 'Kevin', 'Jason'];
const EN_GIVEN_F = ['Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Emily', 'Ashley', 'Michelle', 'Amanda', 'Melissa', 'Laura'];
const EN_FAMILY = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark'];
const EN_STREETS = ['Main St', 'Oak Ave', 'Maple St', 'Washington Ave', 'Park Ave', 'Elm St', 'Cedar Ln', 'Lake St', 'Pine St', 'Sunset Blvd', 'Broadway', 'Market St'];
const EN_AREA = ['212', '213', '312', '415', '617', '713', '305', '404', '206', '512', '718', '646'];

const en: MarketData = {
  market: 'en', currency: 'USD', tzOffsetMinutes: -300,
  amount: { min: 10_000, max: 150_000, step: 5_000 }, moneyRound: 1,
  name(rng, g, family = rng.pick(EN_FAMILY)) {
    return { full: `${rng.pick(g === 'M' ? EN_GIVEN_M : EN_GIVEN_F)} ${family}`, family, father: `${rng.pick(EN_GIVEN_M)} ${family}` };
  },
  phone: (rng) => rng.pick(EN_AREA) + String(rng.int(2, 9)) + rng.digits(6),
  // SSN: area 001–899 except 666, group 01–99, serial 0001–9999.
  idNumber(rng) {
    let area = rng.int(1, 898);
    if (area === 666) area = 667;
    return `${pad(area, 3)}-${pad(rng.int(1, 99), 2)}-${pad(rng.int(1, 9999), 4)}`;
  },
  taxId: (_rng, id) => id,
  regions: [
    { region: 'New York', city: 'New York', districts: ['Manhattan', 'Brooklyn', 'Queens', 'The Bronx'], lat: 40.7128, lng: -74.006, postcode: '10001', idCode: 'NY' },
    { region: 'California', city: 'Los Angeles', districts: ['Downtown', 'Hollywood', 'Koreatown'], lat: 34.0522, lng: -118.2437, postcode: '90012', idCode: 'CA' },
    { region: 'California', city: 'San Francisco', districts: ['Mission District', 'SoMa', 'Sunset'], lat: 37.7749, lng: -122.4194, postcode: '94103', idCode: 'CA' },
    { region: 'Illinois', city: 'Chicago', districts: ['Lincoln Park', 'The Loop', 'Pilsen'], lat: 41.8781, lng: -87.6298, postcode: '60614', idCode: 'IL' },
    { region: 'Texas', city: 'Houston', districts: ['Midtown', 'Montrose', 'Heights'], lat: 29.7604, lng: -95.3698, postcode: '77002', idCode: 'TX' },
    { region: 'Florida', city: 'Miami', districts: ['Brickell', 'Little Havana', 'Wynwood'], lat: 25.7617, lng: -80.1918, postcode: '33131', idCode: 'FL' },
    { region: 'Georgia', city: 'Atlanta', districts: ['Midtown', 'Buckhead', 'Old Fourth Ward'], lat: 33.749, lng: -84.388, postcode: '30309', idCode: 'GA' },
    { region: 'Washington', city: 'Seattle', districts: ['Capitol Hill', 'Ballard', 'Fremont'], lat: 47.6062, lng: -122.3321, postcode: '98102', idCode: 'WA' },
  ],
  address(rng, r) {
    const district = rng.pick(r.districts);
    const line = `${rng.int(10, 9999)} ${rng.pick(EN_STREETS)}${rng.chance(0.5) ? `, Apt ${rng.int(1, 40)}` : ''}`;
    return { region: r.region, city: r.city, district, line, postcode: r.postcode, full: `${line}, ${r.city}, ${r.idCode} ${r.postcode}` };
  },
  company: (rng) => `${rng.pick(['Blue Ridge', 'Summit', 'Evergreen', 'Pioneer', 'Liberty', 'Horizon', 'Cornerstone', 'Redwood'])} ${rng.pick(['Logistics', 'Construction', 'Foods', 'Staffing', 'Retail', 'Auto Repair', 'Healthcare Services'])} ${rng.pick(['LLC', 'Inc.'])}`,
  occupations: ['Office clerk', 'Warehouse worker', 'Accountant', 'Teacher', 'Truck driver', 'Sales associate', 'Software developer', 'Nurse', 'Self-employed', 'Cook', 'Security officer', 'Electrician'],
  banks: [
    { code: '021000021', name: 'JPMorgan Chase Bank', bins: ['414720', '426684'], length: 16 },
    { code: '026009593', name: 'Bank of America', bins: ['400022', '481582'], length: 16 },
    { code: '121000248', name: 'Wells Fargo Bank', bins: ['414718', '446542'], length: 16 },
    { code: '021000089', name: 'Citibank', bins: ['412800', '542418'], length: 16 },
    { code: '091000022', name: 'U.S. Bank', bins: ['403784', '517805'], length: 16 },
    { code: '043000096', name: 'PNC Bank', bins: ['400057', '543107'], length: 16 },
    { code: '051405515', name: 'Capital One', bins: ['414709', '517805'], length: 16 },
  ],
  religion: [['4', 65], ['1', 28], ['6', 5], ['3', 1], ['2', 1]],
  sms: [
    'Your verification code is {code}. It expires in 10 minutes.',
    'Chase: A deposit of ${amt} was made to your account ending in {last4}.',
    'Reminder: your payment of ${amt} is due {date}.',
    'Running 10 min late, save me a seat',
    'Your Amazon package was delivered.',
    'Happy birthday! Dinner this weekend?',
    'T-Mobile: Your bill of $65.00 is ready.',
  ],
  smsSenders: ['24273', '33789', '262966', '78435', '456', '90210'],
  apps: [['Venmo', 'com.venmo'], ['Cash App', 'com.squareup.cash'], ['PayPal', 'com.paypal.android.p2pmobile'], ['Chase', 'com.chase.sig.android'], ['Amazon Shopping', 'com.amazon.mShop.android.shopping'], ['Uber', 'com.ubercab'], ['DoorDash', 'com.dd.doordash'], ['Instagram', 'com.instagram.android'], ['WhatsApp', 'com.whatsapp'], ['Zelle', 'com.zellepay.zelle'], ['Walmart', 'com.walmart.android'], ['Facebook', 'com.facebook.katana'], ['Snapchat', 'com.snapchat.android'], ['Spotify', 'com.spotify.music'], ['Netflix', 'com.netflix.mediaclient'], ['Chrome', 'com.android.chrome']],
  devices: ['iPhone 15', 'iPhone 14', 'iPhone 12', 'Samsung Galaxy S24', 'Samsung Galaxy A15', 'Google Pixel 8', 'Motorola moto g', 'OnePlus 12'],
  ssids: ['NETGEAR42', 'xfinitywifi', 'ATT-5G-Home', 'Spectrum-2G', 'Starbucks WiFi', 'linksys'],
  money: (m) => groupThousands(Math.floor(m / 100)) + '.' + pad(m % 100, 2),
};

export const MARKET_DATA: Record<Market, MarketData> = { vn, cn, tw, eg, th, in: india, en };
