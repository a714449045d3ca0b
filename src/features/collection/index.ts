import { lazyScreen, type ScreenMap } from '../screen.types';

type Screens = typeof import('./screens');
/** The collection screens share one chunk: one list component configured per page. */
const screen = (name: keyof Screens) => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

/**
 * Screens of the collection area's pools, lists and supervision, by command id: the supervisor's board, the pool, the
 * reminder list, the successes, refunds of credit and the allocation log.
 */
export const screens: ScreenMap = {
  'collection.CollectionServiceManagement': screen('BoardScreen'),
  'collection.collectionRemark': screen('PoolScreen'),
  'collection.collectionPromptList': screen('PromptScreen'),
  'collection.collectionSuccess': screen('SuccessScreen'),
  'collection.refundTheAmount': screen('RefundScreen'),
  'collection.CollectionAllocationQuery': screen('AllocationScreen'),
};
