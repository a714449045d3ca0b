import { lazy } from 'react';

/**
 * The review panel, for the shared customer-detail view to mount on /details/reviewDetails (the review area's one
 * public piece besides its screens; loaded on first use).
 */
export const ReviewPanel = lazy(() => import('./ReviewPanel'));
