import { proxy } from 'valtio';

/** The dictionary screen's state that outlives a visit: the dictionary being looked at and the name filter. */
export const dictState = proxy<{ current: string | null; filter: string }>({ current: null, filter: '' });
