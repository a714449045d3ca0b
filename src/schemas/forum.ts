import { z } from 'zod';
import { id64 } from './common';
import { filterId, queryFlag } from './client';

/**
 * Contracts of the forum area (docs/forum.md): posts borrowers write in the app (per merchant: the app key's), moderated
 * on /AppConfig App_Forum — hide, staff reply shown under the post, pin; reported posts first.
 */

export const FORUM_API = {
  list: '/loanapi/forum/list',
  thread: '/loanapi/forum/thread',
  hide: '/loanapi/forum/hide',
  reply: '/loanapi/forum/reply',
  pin: '/loanapi/forum/pin',
  /** Borrower app (signed like the intake API). */
  appPosts: '/loanapi/app/forum/posts',
  appThread: '/loanapi/app/forum/thread',
  appPost: '/loanapi/app/forum/post',
  appReply: '/loanapi/app/forum/reply',
  appReport: '/loanapi/app/forum/report',
} as const;

export const FORUM_RULES = {
  titleMax: 100,
  bodyMax: 2000,
  replyMax: 1000,
  /** A customer's posts within `windowMinutes`; one more answers 42900. */
  postsPerWindow: 3,
  repliesPerWindow: 10,
  windowMinutes: 10,
  pageSizeMax: 50,
} as const;

export const REPORT_REASONS = ['spam', 'abuse', 'fraud', 'other'] as const;

const line = (max: number) => z.string().trim().max(max).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'validation.invalidFormat');
/** Newlines allowed, other control characters (NUL first) not. */
const text = (max: number) => z.string().trim().min(1).max(max).refine((s) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(s), 'validation.invalidFormat');
const phone = z.string().trim().min(6).max(20);

// ---- staff
export const forumListQuery = z.object({
  merchant_id: filterId.optional(),
  reported: queryFlag.optional(),
  hidden: queryFlag.optional(),
  pinned: queryFlag.optional(),
  q: z.string().trim().max(100).optional(),
});
export const forumThreadQuery = z.object({ id: id64 });
export const forumHideBody = z.object({ id: id64, hidden: z.boolean() });
export const forumPinBody = z.object({ id: id64, pinned: z.boolean() });
export const forumReplyBody = z.object({ id: id64, body: text(FORUM_RULES.replyMax) });

export interface ForumPostRow {
  id: number; merchant_id: number; merchant_name: string | null; customer_id: number; customer_name: string | null; phone: string | null;
  title: string; body: string; reports: number; replies: number; pinned: boolean; hidden: boolean; last_activity_at: string; created_at: string;
}
export interface ForumReplyView { id: number; author: 'customer' | 'staff'; name: string | null; body: string; created_at: string }
export interface ForumThread {
  post: ForumPostRow;
  replies: ForumReplyView[];
  reports: Array<{ reason: string; count: number }>;
}

// ---- borrower app
export const appForumPostsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(FORUM_RULES.pageSizeMax).default(20),
});
export const appForumThreadQuery = z.object({ id: id64 });
export const appForumPostBody = z.object({ phone, title: line(FORUM_RULES.titleMax).min(1), body: text(FORUM_RULES.bodyMax) });
export const appForumReplyBody = z.object({ phone, post_id: id64, body: text(FORUM_RULES.replyMax) });
export const appForumReportBody = z.object({ phone, post_id: id64, reason: z.enum(REPORT_REASONS) });

export interface AppForumPost { id: number; title: string; body: string; author: string; pinned: boolean; replies: number; created_at: string }
