import type { ScreenMap } from '../screen.types';

/** Screens of the collection area: pool (collectionRemark), collectionPromptList, collectionSuccess, refundTheAmount, CollectionAllocationQuery, CollectionServiceManagement (live counts, alerts, assignment), by command id (lazy). */
export const screens: ScreenMap = {};
