import { byId } from '../../../commands';
import { api } from '../../app/api/request';
import { DICT_PAGE, DICT_PATH, DICT_SIZE } from '../../app/lib/dict';
import type { ListResult } from '../../schemas/common';
import type { DictItem } from '../../schemas/system';

/** The dictionary screen's list (its command's api): GET /loanapi/dict/name_list → the dictionary names. */
const NAMES = byId.get('system.dict')!.api!;

/** Silent: the screen shows a failed load in place. */
export async function getDictNames(signal?: AbortSignal): Promise<string[]> {
  return (await api.get<{ rows: string[] }>(NAMES.path, undefined, { silent: true, signal }))?.rows ?? [];
}

/** Items of one dictionary, uncached (this screen edits them): spec §9 page 0, size 9999. */
export async function getDictItems(dictName: string, signal?: AbortSignal): Promise<DictItem[]> {
  const res = await api.get<ListResult<DictItem>>(DICT_PATH, { dict_name: dictName, page: DICT_PAGE, size: DICT_SIZE }, { silent: true, signal });
  return res?.rows ?? [];
}
