import type { LangCode } from '../../schemas/i18n';

/** One label per language, in the order zh, zhTW, vi, en, ArEg, ThA, India. */
type Row = [string, string, string, string, string, string, string];
const ORDER: LangCode[] = ['zh', 'zhTW', 'vi', 'en', 'ArEg', 'ThA', 'India'];

/**
 * The demo dictionaries in the 7 languages, by dictionary and value. `en` is also the base label (what a language
 * without its own label shows, and what the dict screen edits as "label").
 */
const TABLE: Record<string, Record<string, Row>> = {
  reject_reason: {
    1: ['资料不完整', '資料不完整', 'Hồ sơ không đầy đủ', 'Incomplete documents', 'مستندات غير مكتملة', 'เอกสารไม่ครบถ้วน', 'Incomplete documents'],
    2: ['身份不符', '身分不符', 'Thông tin nhân thân không khớp', 'Identity mismatch', 'عدم تطابق الهوية', 'ข้อมูลตัวตนไม่ตรงกัน', 'Identity mismatch'],
    3: ['收入不足', '收入不足', 'Thu nhập không đủ', 'Insufficient income', 'دخل غير كافٍ', 'รายได้ไม่เพียงพอ', 'Insufficient income'],
    4: ['联系人在黑名单', '聯絡人在黑名單', 'Người liên hệ trong danh sách đen', 'Blacklisted contact', 'جهة اتصال في القائمة السوداء', 'ผู้ติดต่ออยู่ในบัญชีดำ', 'Blacklisted contact'],
    5: ['多头借贷风险', '多頭借貸風險', 'Rủi ro vay nhiều nơi', 'Multi-lender risk', 'مخاطر الاقتراض من جهات متعددة', 'ความเสี่ยงกู้หลายแหล่ง', 'Multi-lender risk'],
  },
  collection_result: {
    1: ['承诺还款', '承諾還款', 'Hứa trả nợ', 'Promise to pay', 'وعد بالسداد', 'สัญญาว่าจะชำระ', 'Promise to pay'],
    2: ['无人接听', '無人接聽', 'Không nghe máy', 'No answer', 'لا يوجد رد', 'ไม่มีผู้รับสาย', 'No answer'],
    3: ['拒绝还款', '拒絕還款', 'Từ chối trả nợ', 'Refused to pay', 'رفض السداد', 'ปฏิเสธการชำระ', 'Refused to pay'],
    4: ['号码错误', '號碼錯誤', 'Sai số điện thoại', 'Wrong number', 'رقم خاطئ', 'เบอร์ผิด', 'Wrong number'],
    5: ['已还款', '已還款', 'Đã trả', 'Paid already', 'تم السداد بالفعل', 'ชำระแล้ว', 'Paid already'],
  },
  gender: {
    1: ['男', '男', 'Nam', 'Male', 'ذكر', 'ชาย', 'Male'],
    2: ['女', '女', 'Nữ', 'Female', 'أنثى', 'หญิง', 'Female'],
  },
  marital_status: {
    1: ['未婚', '未婚', 'Độc thân', 'Single', 'أعزب', 'โสด', 'Single'],
    2: ['已婚', '已婚', 'Đã kết hôn', 'Married', 'متزوج', 'สมรส', 'Married'],
    3: ['离异', '離異', 'Ly hôn', 'Divorced', 'مطلق', 'หย่าร้าง', 'Divorced'],
    4: ['丧偶', '喪偶', 'Góa', 'Widowed', 'أرمل', 'หม้าย', 'Widowed'],
  },
  education: {
    1: ['小学', '小學', 'Tiểu học', 'Primary', 'ابتدائي', 'ประถมศึกษา', 'Primary'],
    2: ['中学', '中學', 'Trung học', 'Secondary', 'ثانوي', 'มัธยมศึกษา', 'Secondary'],
    3: ['大专', '大專', 'Cao đẳng', 'College', 'دبلوم', 'อนุปริญญา', 'College'],
    4: ['本科', '學士', 'Đại học', 'Bachelor', 'بكالوريوس', 'ปริญญาตรี', 'Bachelor'],
    5: ['硕士及以上', '碩士及以上', 'Thạc sĩ trở lên', 'Master or above', 'ماجستير فأعلى', 'ปริญญาโทขึ้นไป', 'Master or above'],
  },
  relation: {
    1: ['父母', '父母', 'Cha mẹ', 'Parent', 'أحد الوالدين', 'บิดามารดา', 'Parent'],
    2: ['配偶', '配偶', 'Vợ/chồng', 'Spouse', 'الزوج/الزوجة', 'คู่สมรส', 'Spouse'],
    3: ['兄弟姐妹', '兄弟姊妹', 'Anh chị em', 'Sibling', 'أخ/أخت', 'พี่น้อง', 'Sibling'],
    4: ['朋友', '朋友', 'Bạn bè', 'Friend', 'صديق', 'เพื่อน', 'Friend'],
    5: ['同事', '同事', 'Đồng nghiệp', 'Colleague', 'زميل عمل', 'เพื่อนร่วมงาน', 'Colleague'],
  },
  religion: {
    1: ['无', '無', 'Không', 'None', 'لا يوجد', 'ไม่มี', 'None'],
    2: ['佛教', '佛教', 'Phật giáo', 'Buddhism', 'البوذية', 'พุทธ', 'Buddhism'],
    3: ['伊斯兰教', '伊斯蘭教', 'Hồi giáo', 'Islam', 'الإسلام', 'อิสลาม', 'Islam'],
    4: ['基督教', '基督教', 'Kitô giáo', 'Christianity', 'المسيحية', 'คริสต์', 'Christianity'],
    5: ['印度教', '印度教', 'Ấn Độ giáo', 'Hinduism', 'الهندوسية', 'ฮินดู', 'Hinduism'],
    6: ['其他', '其他', 'Khác', 'Other', 'أخرى', 'อื่น ๆ', 'Other'],
  },
  income_level: {
    1: ['低', '低', 'Thấp', 'Low', 'منخفض', 'ต่ำ', 'Low'],
    2: ['中低', '中低', 'Trung bình thấp', 'Lower middle', 'متوسط منخفض', 'ปานกลางค่อนต่ำ', 'Lower middle'],
    3: ['中等', '中等', 'Trung bình', 'Middle', 'متوسط', 'ปานกลาง', 'Middle'],
    4: ['中高', '中高', 'Trung bình cao', 'Upper middle', 'متوسط مرتفع', 'ปานกลางค่อนสูง', 'Upper middle'],
    5: ['高', '高', 'Cao', 'High', 'مرتفع', 'สูง', 'High'],
  },
  company_size: {
    1: ['1–9 人', '1–9 人', '1–9 nhân viên', '1–9 staff', '1–9 موظفين', '1–9 คน', '1–9 staff'],
    2: ['10–49 人', '10–49 人', '10–49 nhân viên', '10–49 staff', '10–49 موظفًا', '10–49 คน', '10–49 staff'],
    3: ['50–199 人', '50–199 人', '50–199 nhân viên', '50–199 staff', '50–199 موظفًا', '50–199 คน', '50–199 staff'],
    4: ['200–999 人', '200–999 人', '200–999 nhân viên', '200–999 staff', '200–999 موظف', '200–999 คน', '200–999 staff'],
    5: ['1000 人以上', '1000 人以上', 'Trên 1000 nhân viên', '1000+ staff', 'أكثر من 1000 موظف', 'มากกว่า 1000 คน', '1000+ staff'],
  },
};

/** The labels of a seeded dictionary item in all 7 languages; an item the table does not know has none. */
export function seedLabels(dictName: string, value: string): Partial<Record<LangCode, string>> {
  const row = TABLE[dictName]?.[value];
  if (!row) return {};
  return Object.fromEntries(ORDER.map((code, i) => [code, row[i]]));
}

/** Every dictionary and value the table covers (for the test that the seed fills all 7 languages). */
export function seededDictKeys(): Array<[string, string]> {
  return Object.entries(TABLE).flatMap(([name, items]) => Object.keys(items).map((v): [string, string] => [name, v]));
}
