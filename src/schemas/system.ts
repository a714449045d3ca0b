import { z } from 'zod';
import { id } from './common';

export const dictListQuery = z.object({
  dict_name: z.string().trim().min(1).max(64),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(9999).default(9999),
});

const colorMap = z.record(z.string().max(64), z.string().regex(/^#[0-9a-fA-F]{3,8}$|^[a-z]+$/, 'validation.color'));

export const dictItemBody = z.object({
  dict_name: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_]+$/, 'validation.identifierChars'),
  value: z.string().trim().min(1).max(64),
  label: z.string().trim().min(1).max(100),
  name: z.string().trim().max(100).optional().default(''),
  el_tag_color: colorMap.optional().default({}),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  enabled: z.boolean().default(true),
});
export const dictItemEditBody = dictItemBody.extend({ id });

export interface DictItem {
  id: number;
  dict_name: string;
  value: string;
  label: string;
  name: string;
  el_tag_color: Record<string, string>;
  sort: number;
  enabled: boolean;
}

export interface SystemName {
  name: string;
  logo: string;
}

export const UPLOAD_MAX_BYTES = 3 * 1024 * 1024;
export const UPLOAD_TYPES = ['jpeg', 'jpg', 'png'] as const;
