import { eq, ilike, or, sql } from 'drizzle-orm';
import { pageKey } from '../../../../commands/permissions';
import { configHistoryQuery, quickListQuery } from '../../../schemas/config';
import { defineList } from '../../list/define';
import { outer } from '../client/client.routes';
import { adminAccount } from '../empower/empower.table';
import { configHistory, quickReply } from './config.table';

/** The lists of the config area (docs/list-engine.md): the history of setting changes and the quick replies. */

const accountName = (col: Parameters<typeof outer>[0]) => sql<string | null>`(select a.name from ${adminAccount} a where a.id = ${outer(col)})`;
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const configHistoryList = defineList({
  id: 'system.config.history',
  permission: pageKey('system', 'config'),
  from: configHistory,
  columns: {
    id: configHistory.id,
    key: configHistory.key,
    old_value: configHistory.oldValue,
    new_value: configHistory.newValue,
    secret: configHistory.secret,
    account_name: accountName(configHistory.accountId),
    changed_at: configHistory.changedAt,
  },
  filters: configHistoryQuery,
  where: (f) => [f.key ? eq(configHistory.key, f.key) : undefined],
  sorts: { changed_at: configHistory.changedAt, id: configHistory.id },
  defaultSort: 'changed_at:desc',
  exportColumns: [
    { key: 'key', title: 'config.field.key' }, { key: 'old_value', title: 'config.field.old_value' },
    { key: 'new_value', title: 'config.field.new_value' }, { key: 'account_name', title: 'config.field.account' },
    { key: 'changed_at', title: 'config.field.changed_at' },
  ],
});

export const quickList = defineList({
  id: 'system.quick',
  permission: pageKey('system', 'quick'),
  from: quickReply,
  columns: {
    id: quickReply.id,
    purpose: quickReply.purpose,
    language: quickReply.language,
    title: quickReply.title,
    content: quickReply.content,
    sort: quickReply.sort,
    created_by_name: accountName(quickReply.createdBy),
    updated_at: quickReply.updatedAt,
  },
  filters: quickListQuery,
  where: (f) => [
    f.purpose ? eq(quickReply.purpose, f.purpose) : undefined,
    f.language ? eq(quickReply.language, f.language) : undefined,
    f.keyword ? or(ilike(quickReply.title, likeOf(f.keyword)), ilike(quickReply.content, likeOf(f.keyword))) : undefined,
  ],
  sorts: { updated_at: quickReply.updatedAt, sort: quickReply.sort, id: quickReply.id },
  defaultSort: 'updated_at:desc',
  exportColumns: [
    { key: 'purpose', title: 'config.quick.field.purpose' }, { key: 'language', title: 'config.quick.field.language' },
    { key: 'title', title: 'config.quick.field.title' }, { key: 'content', title: 'config.quick.field.content' },
  ],
});
