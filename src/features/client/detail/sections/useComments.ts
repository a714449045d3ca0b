import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommentRow } from '../../../../schemas/customer';
import { customerApi } from '../customerDetail.api';

export interface CommentsState {
  rows: CommentRow[];
  total: number;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * The customer's comments (POST customer_comment/all_list). Loads run one at a time: the request layer refuses an
 * identical pending POST (spec §5), so a reload asked for while one is in flight runs after it.
 */
export function useComments(customerId: number, essence: boolean): CommentsState {
  const [state, setState] = useState<{ rows: CommentRow[]; total: number; error: string | null }>({ rows: [], total: 0, error: null });
  const [loading, setLoading] = useState(true);
  const busy = useRef(false);
  const again = useRef(false);
  const live = useRef(true);
  const args = useRef({ customerId, essence });
  args.current = { customerId, essence };

  const load = useCallback(() => {
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    setLoading(true);
    const { customerId: id, essence: only } = args.current;
    customerApi.comments(id, only, { silent: true })
      .then((r) => live.current && setState({ rows: r.rows, total: r.total, error: null }))
      .catch((e: unknown) => live.current && setState((s) => ({ ...s, error: e instanceof Error && e.message ? e.message : 'Error' })))
      .finally(() => {
        busy.current = false;
        if (!live.current) return;
        if (again.current) {
          again.current = false;
          load();
        } else setLoading(false);
      });
  }, []);

  useEffect(() => {
    live.current = true;
    load();
    return () => {
      live.current = false;
    };
  }, [customerId, essence, load]);

  return { ...state, loading, reload: load };
}
