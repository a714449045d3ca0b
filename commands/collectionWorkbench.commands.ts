import type { CommandDef, CommandScope } from './command.types';
import { pageScreen } from './define';
import { actionKey } from './permissions';
import { callEndBody, COLLECTION_API, noteBody, promiseBody, resultBody } from '../src/schemas/collection';
import { giveBackBody, OFFER_API, offerExtensionBody, offerReductionBody, workCallBody } from '../src/schemas/collectionWorkbench';

/**
 * The collector's keyboard workbench (docs/collectionWorkbench.md): /collection/myCollectionList (Alt+M), the
 * holder's cases on the left and the case panel on the right. Keys on the screen: j/k or ↑/↓ move, Enter opens the
 * case, c calls the customer, Shift+C picks a contact, 1–6 record the call result by its position in the result
 * list, r records a result with its disposition, p takes a promise, n adds a note, e ends the call, ] (or Shift+J)
 * opens the next case and [ (or Shift+K) the previous one. The screen supplies the values (useCommandUi); the forms
 * of the parameters are the fallback of the palette.
 */
export const WORKBENCH_SCREEN = 'collection.myCollectionList';
/** Quick result keys: key N records the Nth call result of the dictionary. */
export const QUICK_RESULT_KEYS = 6;

const TITLES = {
  result: 'collectionWorkbench.field.result', disposition: 'collectionWorkbench.field.disposition', note: 'collectionWorkbench.field.note',
  promise_date: 'collectionWorkbench.field.promise_date', amount: 'collectionWorkbench.field.amount', phone: 'field.phone',
  contact_name: 'collectionWorkbench.field.contact_name', relation: 'collectionWorkbench.field.relation', call_id: 'collectionWorkbench.field.call_id',
  duration_seconds: 'collectionWorkbench.field.duration_seconds', remark: 'field.remark', reason: 'collectionWorkbench.field.reason', config_id: 'collectionWorkbench.field.config_id', contact_id: 'collectionWorkbench.field.contact_id',
};

const post = (path: string) => ({ method: 'POST' as const, path });

/** An action of the workbench: id `collection.myCollectionList.<name>`, node `collection_myCollectionList_<verb>`. */
function act(name: string, verb: string | null, def: Partial<CommandDef> & { scope?: CommandScope }): CommandDef {
  return {
    id: `${WORKBENCH_SCREEN}.${name}`, kind: 'action', area: 'collectionWorkbench', title: `action.collectionWorkbench.${name}`,
    permission: verb ? actionKey('collection', 'myCollectionList', verb) : null, screen: WORKBENCH_SCREEN, scope: 'single', paramTitles: TITLES, ...def,
  };
}

const resultParams = resultBody.omit({ id: true });
const callParams = workCallBody.omit({ id: true, config_id: true });

export const collectionWorkbenchCommands: CommandDef[] = [
  pageScreen('collection', 'myCollectionList', {
    order: 3, hotkey: 'alt+m', keywords: ['my cases', 'collection workbench', 'call customers', 'promise to pay', 'overdue'],
    api: { method: 'GET', path: COLLECTION_API.myCases },
  }),
  act('call', 'call', { api: post(COLLECTION_API.call), hotkey: 'c', params: callParams, keywords: ['phone', 'dial', 'softphone'] }),
  act('callContact', 'call', { api: post(COLLECTION_API.call), hotkey: 'shift+c', params: callParams, keywords: ['emergency contact', 'relative', 'dial'] }),
  act('callEnd', 'call', { api: post(COLLECTION_API.callEnd), hotkey: 'e', scope: 'screen', params: callEndBody, keywords: ['hang up', 'duration'] }),
  ...Array.from({ length: QUICK_RESULT_KEYS }, (_, i) => act(`result${i + 1}`, 'result', { api: post(COLLECTION_API.result), hotkey: String(i + 1), keywords: ['call result', 'outcome'] })),
  act('result', 'result', { api: post(COLLECTION_API.result), hotkey: 'r', params: resultParams, keywords: ['call result', 'disposition', 'outcome'] }),
  act('promise', 'promise', { api: post(COLLECTION_API.promise), hotkey: 'p', params: promiseBody.omit({ id: true }), keywords: ['promise to pay', 'ptp', 'commitment'] }),
  act('note', 'note', { api: post(COLLECTION_API.note), hotkey: 'n', params: noteBody.omit({ id: true }), keywords: ['comment', 'remark'] }),
  act('offerExtension', 'offerExtension', { api: post(OFFER_API.extension), hotkey: 'x', params: offerExtensionBody.omit({ id: true }), keywords: ['extend', 'rollover', 'more time'] }),
  act('offerReduction', 'offerReduction', {
    api: post(OFFER_API.reduction), hotkey: 'w', params: offerReductionBody.omit({ id: true, idempotency_key: true }), idempotent: true, keywords: ['waiver', 'discount', 'reduce penalty'],
  }),
  act('giveBack', 'giveBack', { api: post(OFFER_API.giveBack), hotkey: 'b', params: giveBackBody.omit({ id: true }), keywords: ['return to pool', 'release case'] }),
  act('next', null, { client: true, scope: 'screen', hotkey: '], shift+j', keywords: ['next case', 'move on'] }),
  act('previous', null, { client: true, scope: 'screen', hotkey: '[, shift+k', keywords: ['previous case', 'back'] }),
];
