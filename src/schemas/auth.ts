import { z } from 'zod';

/** Spec §5: account is trimmed; account, password and captcha are required. */
export const loginBody = z.object({
  account: z.string().trim().min(1).max(32),
  pwd: z.string().min(1).max(64),
  captcha_id: z.string().max(64).optional().default(''),
  captcha_code: z.string().trim().max(16).optional().default(''),
  google_code: z.string().trim().max(8).optional().default(''),
  is_durable: z.coerce.boolean().optional().default(false),
  device_id: z.string().max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface CaptchaResponse {
  captcha_id: string;
  /** data: URL of an SVG image */
  image: string;
  enabled: boolean;
}

export interface UserInfo {
  id: number;
  account: string;
  name: string;
  nickname: string;
  avatar: string;
  introduction: string;
  phone: string;
  node_list: string[];
  organizer_info: { id: number | null; name: string };
  google_bound: boolean;
  /** ISO time until which the binding prompt is skipped (spec §5: skip for 7 days). */
  google_skip_until: string | null;
  privacy_protection: boolean;
  merchant_ids: number[];
  time: string;
}

export const googleCodeBody = z.object({ google_code: z.string().trim().regex(/^\d{6}$/, 'validation.googleCode') });

export const changePasswordBody = z.object({
  old_pwd: z.string().min(1).max(64),
  new_pwd: z.string().min(6).max(32),
});

export const profileBody = z.object({
  nickname: z.string().trim().min(2).max(20),
  avatar: z.string().max(500).optional().default(''),
  introduction: z.string().max(500).optional().default(''),
});

export const copyEventBody = z.object({
  token: z.string().max(128).optional(),
  page_title: z.string().max(200).default(''),
  page_url: z.string().max(1000).default(''),
  page_domain: z.string().max(200).default(''),
  operation_time: z.string().max(40).optional(),
  copied_info: z.string().max(5000),
  copied_type: z.coerce.number().int().min(1).max(3),
});
